// Chat through the contract: /api/chat.
import type { RestChatRoom, RestChatUser, RestMessage, RestMessagePage, RestPage } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';

export interface MessagePageQuery {
  size: number;
  page?: number;
  /** Extension (DESIGN §4): only messages older than this id. */
  before?: number;
  /** Extension (two-way-paging): the messages that came next after this id (0: the room's first), newest first. */
  after?: number;
  /** Extension (messages-room): the answer carries the room as well. */
  includeRoom?: boolean;
}

/** The unread-count answer's shape is not fixed by the contract: a number, or an object with one count in it. */
export function readUnreadCount(answer: unknown): number {
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'string' && /^\d+$/.test(answer.trim())) return Number(answer);
  if (answer && typeof answer === 'object') {
    const record = answer as Record<string, unknown>;
    for (const key of ['unreadCount', 'count', 'unread']) if (typeof record[key] === 'number') return record[key];
  }
  return 0;
}

export interface RoomPageQuery {
  size: number;
  /** Extension (DESIGN §4): only the rooms after this one, written as its lastActivityAt and id ("…Z,42"). */
  after?: string;
  /** Extension: only the rooms with unread messages. */
  unread?: boolean;
  /** Extension (two-way-paging): the rooms just before this one, written as `after`, or `end` for the list's last. */
  before?: string;
}

export class ChatApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  rooms(): Promise<RestChatRoom[]> {
    return this.rest.call<RestChatRoom[]>(this.caller, { method: 'GET', path: '/api/chat/rooms' });
  }

  /**
   * Just these rooms (extension, `ids`); the plain contract ignores `ids` and answers every room (plain-contract's
   * roomsByIds keeps the ones asked for).
   */
  roomsByIds(ids: readonly number[]): Promise<RestChatRoom[]> {
    return this.rest.call<RestChatRoom[]>(this.caller, {
      method: 'GET',
      path: '/api/chat/rooms',
      query: { ids: ids.join(',') },
    });
  }

  /** A page object where the contract pages rooms (extension); the plain contract answers every room, as `rooms()`. */
  roomPage(query: RoomPageQuery): Promise<RestChatRoom[] | RestPage<RestChatRoom>> {
    return this.rest.call<RestChatRoom[] | RestPage<RestChatRoom>>(this.caller, {
      method: 'GET',
      path: '/api/chat/rooms',
      query: { size: query.size, after: query.after, before: query.before, unread: query.unread ? 'true' : undefined },
    });
  }

  /**
   * Whether the implementation pages rooms and messages both ways (the `two-way-paging` extension), read off its
   * latest answer: asked right after the call whose `before` or `after` it would have honoured.
   */
  pagesBothWays(): boolean {
    return this.rest.offers('two-way-paging');
  }

  createRoom(participantUsername: string): Promise<RestChatRoom> {
    return this.rest.call<RestChatRoom>(this.caller, {
      method: 'POST',
      path: '/api/chat/rooms/create',
      body: { participantUsername },
    });
  }

  messages(roomId: number, query: MessagePageQuery): Promise<RestMessagePage> {
    return this.rest.call<RestMessagePage>(this.caller, {
      method: 'GET',
      path: `/api/chat/rooms/${roomId}/messages`,
      query: {
        page: query.page,
        size: query.size,
        before: query.before,
        after: query.after,
        include: query.includeRoom ? 'room' : undefined,
      },
    });
  }

  /**
   * Whether a page of messages can carry its room (the `messages-room` extension), read off the latest answer: an
   * opened chat is then one call, not the room's and the messages' side by side.
   */
  carriesRoom(): boolean {
    return this.rest.offers('messages-room');
  }

  /** The path segment is the receiver's username (spec §7). */
  send(receiverUsername: string, content: string): Promise<RestMessage> {
    return this.rest.call<RestMessage>(this.caller, {
      method: 'POST',
      path: `/api/chat/rooms/${encodeURIComponent(receiverUsername)}/messages`,
      body: { content },
    });
  }

  async unreadCount(roomId: number): Promise<number> {
    return readUnreadCount(
      await this.rest.call<unknown>(this.caller, { method: 'GET', path: `/api/chat/rooms/${roomId}/unread-count` }),
    );
  }

  /**
   * The viewer's unread messages over every room (an extension: the plain contract answers 404 or 405, and
   * plain-contract's unreadMessageCount adds up every room's instead).
   */
  async unreadTotal(): Promise<number> {
    return readUnreadCount(
      await this.rest.call<unknown>(this.caller, { method: 'GET', path: '/api/chat/unread-count' }),
    );
  }

  async markRead(roomId: number): Promise<void> {
    await this.rest.call(this.caller, { method: 'POST', path: `/api/chat/rooms/${roomId}/mark-as-read` });
  }

  users(): Promise<RestChatUser[]> {
    return this.rest.call<RestChatUser[]>(this.caller, { method: 'GET', path: '/api/chat/available-users-from-main' });
  }
}
