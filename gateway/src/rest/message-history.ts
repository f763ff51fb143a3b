// A room's history through the contract, paged backwards from a message id: one call with the extension
// (`before`), a walk through the pages from the newest without it.
import type { RestMessage } from './contract.js';
import type { RestApi } from './rest-api.js';
import { MAX_UPSTREAM_PAGE_SIZE } from './windows.js';

export interface History {
  /** Newest first. */
  messages: RestMessage[];
  hasOlder: boolean;
  /** The room's message count; undefined where the answer counted only the messages before the cursor. */
  totalCount: number | undefined;
}

/** Upper bound on pages walked when the contract has no keyset paging: 100 pages of 100 messages. */
const MAX_PAGES_WALKED = 100;
const WALK_PAGE_SIZE = 100;

/**
 * The `last` messages older than `beforeId` (newest overall when undefined). With the extension one call does it;
 * a plain contract ignores `before`, which shows in its answer, and the history is then walked page by page.
 */
export async function loadHistory(api: RestApi, roomId: number, last: number, beforeId?: number): Promise<History> {
  // One message more than asked shows whether older ones exist, except at `last: 100`: a page of 101 is more than
  // the contract serves (400), so there the page's totalElements tells.
  const size = Math.min(last + 1, MAX_UPSTREAM_PAGE_SIZE);
  const first = await api.chat.messages(roomId, { page: 0, size, before: beforeId });
  const totalCount = first.totalElements ?? first.content.length;
  if (beforeId === undefined || first.content.every((message) => message.id < beforeId)) {
    // totalElements counts what the page was cut from: with `before` honoured (the extension), only the older
    // messages, which says whether more exist but is not the room's count.
    const hasOlder = first.content.length > last || (first.totalElements ?? 0) > last;
    return { messages: first.content.slice(0, last), hasOlder, totalCount: beforeId === undefined ? totalCount : undefined };
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
