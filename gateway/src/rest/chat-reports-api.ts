// Reporting and moderation in chat through our REST service's extension chat-reports: /api/chat/messages/{id}/reports
// and /api/chat/reports. Where the implementation has none (the plain contract), reporting and the queue are
// NOT_SUPPORTED.
import type { RestCallerReport, RestMessage, RestPage, RestQueuedReport } from './contract.js';
import { UpstreamRejection } from '../errors.js';
import { OptionalExtension } from './optional-extension.js';
import { type Window, type WindowSlice, fetchWindow } from './plain-contract/list-pages.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';

/** What our REST service names its reporting in its Contract-Extensions. */
export const CHAT_REPORTS = 'chat-reports';

export class ChatReportsApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      CHAT_REPORTS,
      "The shop's REST service takes no reports of messages (it lacks the chat-reports extension)",
    );
  }

  /** The report made, and the message with it beside it. */
  async report(
    messageId: number,
    input: { reason: string; note?: string | null },
  ): Promise<RestCallerReport & { message: RestMessage }> {
    await this.extension.refuseWhereUnsupported();
    return this.rest.call(this.caller, {
      method: 'POST',
      path: `/api/chat/messages/${messageId}/reports`,
      body: { reason: input.reason, ...(input.note != null ? { note: input.note } : {}) },
    });
  }

  async queue(status: string, window: Window): Promise<WindowSlice<RestQueuedReport>> {
    await this.extension.refuseWhereUnsupported();
    return fetchWindow(
      (page, size) =>
        this.rest.call<RestPage<RestQueuedReport>>(this.caller, {
          method: 'GET',
          path: '/api/chat/reports',
          query: { status, page, size },
        }),
      window,
    );
  }

  /** One report, or null where the caller may not read it, there is none, or the implementation keeps none. */
  async one(reportId: number): Promise<RestQueuedReport | null> {
    if (!(await this.extension.offered())) return null;
    try {
      return await this.rest.call<RestQueuedReport>(this.caller, {
        method: 'GET',
        path: `/api/chat/reports/${reportId}`,
      });
    } catch (error) {
      if (error instanceof UpstreamRejection && (error.status === 403 || error.status === 404)) return null;
      throw error;
    }
  }

  async liftSuspension(username: string): Promise<void> {
    await this.extension.refuseWhereUnsupported();
    await this.rest.call(this.caller, {
      method: 'DELETE',
      path: `/api/chat/suspensions/${encodeURIComponent(username)}`,
    });
  }

  async decide(reportId: number, decision: string, hours?: number | null): Promise<RestQueuedReport> {
    await this.extension.refuseWhereUnsupported();
    return this.rest.call<RestQueuedReport>(this.caller, {
      method: 'POST',
      path: `/api/chat/reports/${reportId}/decision`,
      body: { decision, ...(hours != null ? { hours } : {}) },
    });
  }
}
