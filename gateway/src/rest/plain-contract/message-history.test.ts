// The page walk of a room's history, over an in-memory room that pages as the contract does: newest first, Spring
// Data pages `{content, totalElements, totalPages, number, size}`, at most 100 a page (more is a 400). With the
// extension, `before` keeps only older messages (and page 0, as our REST service does); the plain contract ignores it.
import { describe, expect, it } from 'vitest';
import { UpstreamRejection } from '../../errors.js';
import type { RestMessage, RestPage } from '../contract.js';
import { loadHistory, roomMessageCount } from './message-history.js';
import type { RestApi } from '../rest-api.js';
import { MAX_UPSTREAM_PAGE_SIZE } from './list-pages.js';

const ROOM_ID = 7;

interface Contract {
  /** The extension: `before` honoured. */
  before: boolean;
  /** false for an implementation that answers page 0 whatever page is asked. */
  pages: boolean;
}
const EXTENSION: Contract = { before: true, pages: true };
const PLAIN: Contract = { before: false, pages: true };
const PAGE_BLIND: Contract = { before: false, pages: false };

const message = (id: number): RestMessage => ({
  id,
  chatRoomId: ROOM_ID,
  senderUsername: id % 2 ? 'anna' : 'ben',
  content: `message ${id}`,
  timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, id)).toISOString(),
});

/** Ids 1…n. */
const upTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1);
/** Ids from `high` down to `low`, as the history answers them. */
const down = (high: number, low: number) => Array.from({ length: high - low + 1 }, (_, index) => high - index);

type Query = { page?: number; size: number; before?: number };

/** A room holding messages with these ids, behind the one RestApi call the history makes. */
function roomWith(ids: number[], contract: Contract) {
  const newestFirst = ids.map(message).sort((a, b) => b.id - a.id);
  const calls: Query[] = [];
  const messages = async (roomId: number, query: Query): Promise<RestPage<RestMessage>> => {
    calls.push(query);
    expect(roomId).toBe(ROOM_ID);
    if (query.size < 1 || query.size > MAX_UPSTREAM_PAGE_SIZE) {
      throw new UpstreamRejection(400, `Size must be at most ${MAX_UPSTREAM_PAGE_SIZE}`, 'size', 'INVALID_INPUT');
    }
    const keyset = contract.before && query.before !== undefined;
    const matching = keyset ? newestFirst.filter((m) => m.id < query.before!) : newestFirst;
    const page = keyset || !contract.pages ? 0 : (query.page ?? 0);
    return {
      content: matching.slice(page * query.size, (page + 1) * query.size),
      totalElements: matching.length,
      totalPages: Math.ceil(matching.length / query.size),
      number: page,
      size: query.size,
    };
  };
  // Only the chat call is used; the rest of RestApi is not part of this walk.
  const api = { chat: { messages } } as unknown as RestApi;
  return { api, calls };
}

async function history(ids: number[], contract: Contract, last: number, before?: number) {
  const room = roomWith(ids, contract);
  const answer = await loadHistory(room.api, ROOM_ID, last, before);
  return {
    ids: answer.messages.map((m) => m.id),
    hasOlder: answer.hasOlder,
    totalCount: answer.totalCount,
    calls: room.calls,
  };
}

describe('loadHistory: the newest messages (no cursor)', () => {
  it.each([
    {
      why: 'the newest `last`, one more asked to see older ones',
      room: upTo(10),
      last: 3,
      ids: [10, 9, 8],
      hasOlder: true,
      size: 4,
    },
    { why: 'a room smaller than `last`, whole', room: upTo(3), last: 5, ids: [3, 2, 1], hasOlder: false, size: 6 },
    {
      why: 'exactly `last` messages, with none older',
      room: upTo(5),
      last: 5,
      ids: [5, 4, 3, 2, 1],
      hasOlder: false,
      size: 6,
    },
    { why: 'an empty room', room: [], last: 20, ids: [], hasOlder: false, size: 21 },
    {
      why: '`last: 0`: no messages, but whether there are any',
      room: upTo(2),
      last: 0,
      ids: [],
      hasOlder: true,
      size: 1,
    },
    { why: '`last: 0` of an empty room', room: [], last: 0, ids: [], hasOlder: false, size: 1 },
    {
      why: 'ids with gaps, newest first',
      room: [3, 40, 8, 21, 20],
      last: 4,
      ids: [40, 21, 20, 8],
      hasOlder: true,
      size: 5,
    },
    // 101 is more than a page may hold: the page's totalElements says whether older ones exist.
    {
      why: '`last: 100` of 150: a page of 100, older ones told by the total',
      room: upTo(150),
      last: 100,
      ids: down(150, 51),
      hasOlder: true,
      size: 100,
    },
    { why: '`last: 100` of exactly 100', room: upTo(100), last: 100, ids: down(100, 1), hasOlder: false, size: 100 },
  ])('answers $why in one call', async ({ room, last, ids, hasOlder, size }) => {
    for (const contract of [EXTENSION, PLAIN]) {
      expect(await history(room, contract, last)).toEqual({
        ids,
        hasOlder,
        totalCount: room.length,
        calls: [{ page: 0, size }],
      });
    }
  });

  it('passes the messages on as the contract answered them', async () => {
    const { api } = roomWith([1, 2], EXTENSION);
    expect((await loadHistory(api, ROOM_ID, 5)).messages).toEqual([message(2), message(1)]);
  });
});

describe('loadHistory: older messages with the extension (`before` honoured)', () => {
  it.each([
    { why: 'the `last` before the cursor', room: upTo(10), last: 3, before: 8, ids: [7, 6, 5], hasOlder: true },
    { why: 'the oldest ones, with none older', room: upTo(10), last: 3, before: 3, ids: [2, 1], hasOlder: false },
    { why: 'exactly `last` left', room: upTo(10), last: 3, before: 4, ids: [3, 2, 1], hasOlder: false },
    { why: 'nothing before the first message', room: upTo(10), last: 3, before: 1, ids: [], hasOlder: false },
    {
      why: 'a cursor past the newest: the newest',
      room: upTo(10),
      last: 3,
      before: 11,
      ids: [10, 9, 8],
      hasOlder: true,
    },
    { why: 'a cursor between gapped ids', room: [3, 8, 20, 21, 40], last: 2, before: 21, ids: [20, 8], hasOlder: true },
    {
      why: '`last: 100` of 150 older: the total tells',
      room: upTo(200),
      last: 100,
      before: 151,
      ids: down(150, 51),
      hasOlder: true,
    },
  ])('answers $why in one call, without the room count', async ({ room, last, before, ids, hasOlder }) => {
    expect(await history(room, EXTENSION, last, before)).toEqual({
      ids,
      hasOlder,
      // totalElements counted only the older messages; the room's count is another call (roomMessageCount).
      totalCount: undefined,
      calls: [{ page: 0, size: Math.min(last + 1, MAX_UPSTREAM_PAGE_SIZE), before }],
    });
  });
});

describe('loadHistory: older messages on the plain contract (`before` ignored)', () => {
  it.each([
    {
      why: 'a cursor past the newest needs no walk',
      room: upTo(10),
      last: 3,
      before: 11,
      ids: [10, 9, 8],
      hasOlder: true,
      totalCount: undefined,
      calls: [{ page: 0, size: 4, before: 11 }],
    },
    {
      why: 'a cursor inside the first page walks from page 0',
      room: upTo(10),
      last: 3,
      before: 8,
      ids: [7, 6, 5],
      hasOlder: true,
      totalCount: 10,
      calls: [
        { page: 0, size: 4, before: 8 },
        { page: 0, size: 100 },
      ],
    },
    {
      why: 'the walk goes on until more than `last` older ones are found',
      room: upTo(250),
      last: 5,
      before: 120,
      ids: [119, 118, 117, 116, 115],
      hasOlder: true,
      totalCount: 250,
      calls: [
        { page: 0, size: 6, before: 120 },
        { page: 0, size: 100 },
        { page: 1, size: 100 },
      ],
    },
    {
      why: 'the walk stops at a short page: the oldest messages, none older',
      room: upTo(150),
      last: 60,
      before: 50,
      ids: down(49, 1),
      hasOlder: false,
      totalCount: 150,
      calls: [
        { page: 0, size: 61, before: 50 },
        { page: 0, size: 100 },
        { page: 1, size: 100 },
      ],
    },
    {
      // Page 1 is full, so page 2 must be asked to know it is the end.
      why: 'the walk stops at an empty page after a full one',
      room: upTo(200),
      last: 100,
      before: 101,
      ids: down(100, 1),
      hasOlder: false,
      totalCount: 200,
      calls: [
        { page: 0, size: 100, before: 101 },
        { page: 0, size: 100 },
        { page: 1, size: 100 },
        { page: 2, size: 100 },
      ],
    },
    {
      why: 'a cursor at the first message: nothing older',
      room: upTo(10),
      last: 3,
      before: 1,
      ids: [],
      hasOlder: false,
      totalCount: 10,
      calls: [
        { page: 0, size: 4, before: 1 },
        { page: 0, size: 100 },
      ],
    },
  ])('answers $why', async ({ why: _why, room, last, before, ...expected }) => {
    expect(await history(room, PLAIN, last, before)).toEqual(expected);
  });

  it('stops when an implementation answers page 0 to every page, instead of walking forever', async () => {
    expect(await history(upTo(250), PAGE_BLIND, 5, 120)).toEqual({
      ids: [],
      hasOlder: false,
      totalCount: 250,
      calls: [
        { page: 0, size: 6, before: 120 },
        { page: 0, size: 100 },
        { page: 1, size: 100 },
      ],
    });
  });

  it('gives up after walking 100 pages of 100', async () => {
    const answer = await history(upTo(10_050), PLAIN, 5, 40);
    expect(answer).toEqual({
      ids: [],
      hasOlder: false,
      totalCount: 10_050,
      calls: [{ page: 0, size: 6, before: 40 }, ...Array.from({ length: 100 }, (_, page) => ({ page, size: 100 }))],
    });
  });

  it('finds what the extension finds, for every cursor and `last` in a room of 230', async () => {
    const room = upTo(230);
    const differences: string[] = [];
    for (const last of [0, 1, 2, 5, 50, 99, 100]) {
      for (let before = 1; before <= 232; before += 1) {
        const withExtension = await history(room, EXTENSION, last, before);
        const plain = await history(room, PLAIN, last, before);
        if (
          JSON.stringify([plain.ids, plain.hasOlder]) !== JSON.stringify([withExtension.ids, withExtension.hasOlder])
        ) {
          differences.push(`last ${last}, before ${before}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

describe('roomMessageCount', () => {
  it.each([
    { room: upTo(0), count: 0 },
    { room: upTo(1), count: 1 },
    { room: upTo(250), count: 250 },
  ])('reads a room of $count from a page of one', async ({ room, count }) => {
    const { api, calls } = roomWith(room, PLAIN);
    expect(await roomMessageCount(api, ROOM_ID)).toBe(count);
    expect(calls).toEqual([{ page: 0, size: 1 }]);
  });
});
