// Chat through the contract: /api/chat.
import type { RestChatRoom, RestChatUser, RestMessage, RestPage } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';

export interface MessagePageQuery {
  size: number;
  page?: number;
  /** Extension (DESIGN §4): only messages older than this id. */
  before?: number;
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

export class ChatApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  rooms(): Promise<RestChatRoom[]> {
    return this.rest.call<RestChatRoom[]>(this.caller, { method: 'GET', path: '/api/chat/rooms' });
  }

  createRoom(participantUsername: string): Promise<RestChatRoom> {
    return this.rest.call<RestChatRoom>(this.caller, { method: 'POST', path: '/api/chat/rooms/create', body: { participantUsername } });
  }

  messages(roomId: number, query: MessagePageQuery): Promise<RestPage<RestMessage>> {
    return this.rest.call<RestPage<RestMessage>>(this.caller, {
      method: 'GET',
      path: `/api/chat/rooms/${roomId}/messages`,
      query: { page: query.page, size: query.size, before: query.before },
    });
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
    return readUnreadCount(await this.rest.call<unknown>(this.caller, { method: 'GET', path: `/api/chat/rooms/${roomId}/unread-count` }));
  }

  async markRead(roomId: number): Promise<void> {
    await this.rest.call(this.caller, { method: 'POST', path: `/api/chat/rooms/${roomId}/mark-as-read` });
  }

  users(): Promise<RestChatUser[]> {
    return this.rest.call<RestChatUser[]>(this.caller, { method: 'GET', path: '/api/chat/available-users-from-main' });
  }
}
