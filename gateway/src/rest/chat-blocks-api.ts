// Blocking in chat through our REST service's extension chat-blocking: /api/chat/blocks. Where the implementation has
// none (the plain contract), the list reads as null and blocking is NOT_SUPPORTED.
import { OptionalExtension } from './optional-extension.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';

/** What our REST service names its blocking in its Contract-Extensions. */
export const CHAT_BLOCKING = 'chat-blocking';

export interface RestBlockedUser {
  username: string;
  blockedAt: string;
}

export class ChatBlocksApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      CHAT_BLOCKING,
      "The shop's REST service has no blocking (it lacks the chat-blocking extension)",
    );
  }

  /** The viewer's blocks, or null where the implementation has none. */
  list(): Promise<RestBlockedUser[] | null> {
    return this.extension.orElse(
      () => this.rest.call<RestBlockedUser[]>(this.caller, { method: 'GET', path: '/api/chat/blocks' }),
      null,
    );
  }

  async block(username: string): Promise<RestBlockedUser> {
    await this.extension.refuseWhereUnsupported();
    return this.rest.call<RestBlockedUser>(this.caller, {
      method: 'PUT',
      path: `/api/chat/blocks/${encodeURIComponent(username)}`,
    });
  }

  async unblock(username: string): Promise<void> {
    await this.extension.refuseWhereUnsupported();
    await this.rest.call(this.caller, { method: 'DELETE', path: `/api/chat/blocks/${encodeURIComponent(username)}` });
  }
}
