// A room's history through the contract, paged backwards from a message id or forwards from one: one call with the
// extensions (`before`, and `after` of two-way-paging), a walk through the pages from the newest without them.
import { GraphQLError } from 'graphql';
import type { RestChatRoom, RestMessage } from '../contract.js';
import type { RestApi } from '../rest-api.js';
import { MAX_UPSTREAM_PAGE_SIZE } from './list-pages.js';

export interface History {
  /** Newest first. */
  messages: RestMessage[];
  hasOlder: boolean;
  /** The room's message count; undefined where the answer counted only the messages before the cursor. */
  totalCount: number | undefined;
  /** The room, where it was asked for with the page and the answer carried it (extension messages-room). */
  room?: RestChatRoom | undefined;
}

/** Upper bound on pages walked when the contract has no keyset paging: 100 pages of 100 messages. */
const MAX_PAGES_WALKED = 100;
const WALK_PAGE_SIZE = 100;

/**
 * The `last` messages older than `beforeId` (newest overall when undefined). With the extension one call does it;
 * a plain contract ignores `before`, which shows in its answer, and the history is then walked page by page.
 * `includeRoom` asks for the room in the same answer (messages-room).
 */
export async function loadHistory(
  api: RestApi,
  roomId: number,
  last: number,
  beforeId?: number,
  includeRoom = false,
): Promise<History> {
  // One message more than asked shows whether older ones exist, except at `last: 100`: a page of 101 is more than
  // the contract serves (400), so there the page's totalElements tells.
  const size = Math.min(last + 1, MAX_UPSTREAM_PAGE_SIZE);
  const first = await api.chat.messages(roomId, {
    page: 0,
    size,
    before: beforeId,
    includeRoom: includeRoom || undefined,
  });
  const totalCount = first.totalElements ?? first.content.length;
  if (beforeId === undefined || first.content.every((message) => message.id < beforeId)) {
    // totalElements counts what the page was cut from: with `before` honoured (the extension), only the older
    // messages, which says whether more exist but is not the room's count.
    const hasOlder = first.content.length > last || (first.totalElements ?? 0) > last;
    return {
      messages: first.content.slice(0, last),
      hasOlder,
      totalCount: beforeId === undefined ? totalCount : undefined,
      room: first.room,
    };
  }
  const older: RestMessage[] = [];
  let previousFirstId: number | undefined;
  for (let page = 0; page < MAX_PAGES_WALKED; page += 1) {
    const answer = await api.chat.messages(roomId, { page, size: WALK_PAGE_SIZE });
    // An implementation that ignores `page` too would answer the same page forever.
    if (answer.content.length === 0 || answer.content[0]!.id === previousFirstId) break;
    previousFirstId = answer.content[0]!.id;
    older.push(...answer.content.filter((message) => message.id < beforeId));
    if (older.length > last || answer.content.length < WALK_PAGE_SIZE) break;
  }
  return { messages: older.slice(0, last), hasOlder: older.length > last, totalCount };
}

export async function roomMessageCount(api: RestApi, roomId: number): Promise<number> {
  const page = await api.chat.messages(roomId, { page: 0, size: 1 });
  return page.totalElements ?? page.content.length;
}

export interface NewerMessages {
  /** Oldest first: the ones that came next after the message. */
  messages: RestMessage[];
  hasNewer: boolean;
  /** The room's message count; undefined where the answer counted only the messages after the cursor. */
  totalCount: number | undefined;
}

/** Thrown where the plain contract's history is too long to find a message in by walking it. */
export class HistoryTooLong extends GraphQLError {
  constructor() {
    super(
      `This message is more than ${MAX_PAGES_WALKED * WALK_PAGE_SIZE} messages back: page back to it with last and before`,
      {
        extensions: { code: 'BAD_USER_INPUT' },
      },
    );
  }
}

/**
 * The `first` messages that came next after `afterId` (the room's first ones for 0). With the extension one call
 * does it; the plain contract pages from the newest, so its oldest messages are its last pages (found by the count)
 * and the messages after one are found by walking back to it.
 */
export async function loadNewer(api: RestApi, roomId: number, first: number, afterId: number): Promise<NewerMessages> {
  const size = Math.min(first + 1, MAX_UPSTREAM_PAGE_SIZE);
  const answer = await api.chat.messages(roomId, { page: 0, size, after: afterId });
  if (api.chat.pagesBothWays()) {
    const oldestFirst = [...answer.content].reverse();
    const counted = answer.totalElements ?? answer.content.length;
    return {
      messages: oldestFirst.slice(0, first),
      hasNewer: oldestFirst.length > first || counted > first,
      totalCount: afterId === 0 ? counted : undefined,
    };
  }
  const totalCount = answer.totalElements ?? answer.content.length;
  const newer =
    afterId === 0 ? await oldestOf(api, roomId, first + 1, totalCount) : await walkBackTo(api, roomId, afterId);
  const oldestFirst = newer.reverse();
  return { messages: oldestFirst.slice(0, first), hasNewer: oldestFirst.length > first, totalCount };
}

/** The room's `count` oldest messages, newest first, from the last pages of the plain contract's newest-first list. */
async function oldestOf(api: RestApi, roomId: number, count: number, total: number): Promise<RestMessage[]> {
  const wanted = Math.min(count, total);
  if (wanted === 0) return [];
  const firstPage = Math.floor((total - wanted) / WALK_PAGE_SIZE);
  const lastPage = Math.floor((total - 1) / WALK_PAGE_SIZE);
  const pages = await Promise.all(
    Array.from({ length: lastPage - firstPage + 1 }, (_, index) =>
      api.chat.messages(roomId, { page: firstPage + index, size: WALK_PAGE_SIZE }),
    ),
  );
  return pages.flatMap((page) => page.content).slice(-wanted);
}

/** Every message newer than `afterId`, newest first, walking the plain contract's pages from the newest back to it. */
async function walkBackTo(api: RestApi, roomId: number, afterId: number): Promise<RestMessage[]> {
  const newer: RestMessage[] = [];
  let previousFirstId: number | undefined;
  for (let page = 0; page < MAX_PAGES_WALKED; page += 1) {
    const answer = await api.chat.messages(roomId, { page, size: WALK_PAGE_SIZE });
    if (answer.content.length === 0 || answer.content[0]!.id === previousFirstId) return newer;
    previousFirstId = answer.content[0]!.id;
    newer.push(...answer.content.filter((message) => message.id > afterId));
    if (answer.content.some((message) => message.id <= afterId) || answer.content.length < WALK_PAGE_SIZE) return newer;
  }
  throw new HistoryTooLong();
}
