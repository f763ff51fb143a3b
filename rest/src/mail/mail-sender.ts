// Delivers the outbox: every MAIL_POLL_MS each instance claims what is due, sends it, and records how it went. A
// failed attempt is tried again after a back-off that doubles (MAIL_RETRY_BASE_MS, then twice that, … at most an
// hour), up to MAIL_MAX_ATTEMPTS; a refusal for good (the server's 5xx) is given up on at once. Nothing is lost: an
// e-mail leaves the outbox only once the mail server took it. Each e-mail is claimed just before it is sent, for
// twice MAIL_SEND_TIMEOUT_MS: an instance killed while sending holds back that one e-mail until its claim lapses,
// and if the server had taken it, it is sent once more, under the same Message-ID.
import type { FastifyBaseLogger } from 'fastify';
import { mailDeliveries, mailOutboxPending } from '../../../config/metrics.js';
import type { ClaimedMail, OutboxRepository } from './outbox.repository.js';
import { RepeatingJob } from '../shared/repeating-job.js';
import { type MailTransport, PermanentMailFailure } from './mail-transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

export interface MailSenderSettings {
  from: string;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** The longest one step of a delivery may take (the transport's timeouts); a claim lasts twice that. */
  sendTimeoutMs: number;
}

/** E-mails sent in one round before the outbox is counted again (the rest follow in the next round at once). */
const ROUND = 50;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Stable per outbox entry and shop host: a receiver can tell a repeated delivery. */
const messageIdOf = (mail: ClaimedMail, from: string) =>
  `<outbox-${mail.id}.${Date.parse(mail.createdAt)}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'medshop'}>`;

export class MailSender {
  private readonly job: RepeatingJob;
  private stopped = false;
  private pending = 0;
  private readonly forgetGauge: () => void;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly settings: MailSenderSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.forgetGauge = mailOutboxPending.add(() => ({ rest: this.pending }));
    mailDeliveries.declare({ outcome: 'sent' }, { outcome: 'retry' }, { outcome: 'failed' });
    this.job = new RepeatingJob(
      async () => void (await this.deliverDue()),
      settings.pollMs,
      (error) => this.log.warn({ err: error }, 'mail: the outbox could not be read; trying again'),
    );
  }

  start(): void {
    this.job.start();
  }

  /** Sooner than the next poll: something was just written to the outbox. */
  wake(): void {
    this.job.wake();
  }

  /** Claims and sends what is due now; answers how many were sent. */
  async deliverDue(): Promise<number> {
    for (const id of await this.outbox.giveUpExpired()) {
      mailDeliveries.inc({ outcome: 'failed' });
      this.log.error({ mailId: id }, `mail: gave up on e-mail ${id}: its link expired before it could be delivered`);
    }
    let sent = 0;
    for (let round = 0; round < ROUND && !this.stopped; round += 1) {
      const [mail] = await this.outbox.claimDue(
        1,
        new Date(Date.now() + 2 * this.settings.sendTimeoutMs).toISOString(),
      );
      if (!mail) break;
      if (await this.deliver(mail)) sent += 1;
    }
    this.pending = await this.outbox.pendingCount();
    return sent;
  }

  private async deliver(mail: ClaimedMail): Promise<boolean> {
    const { from } = this.settings;
    if (mail.expiresAt !== null && mail.expiresAt <= new Date().toISOString()) {
      // A link that no longer works is not worth a delivery: the person asks for a new one.
      const reason = `its link expired at ${mail.expiresAt}, before it could be delivered`;
      await this.outbox.markFailed(mail, reason, undefined);
      mailDeliveries.inc({ outcome: 'failed' });
      this.log.error(
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason },
        `mail: gave up on e-mail ${mail.id}: ${reason}`,
      );
      return false;
    }
    try {
      await this.transport.send({
        messageId: messageIdOf(mail, from),
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (error) {
      const reason = (error as Error).message;
      const attempts = mail.attempts + 1;
      const givenUp = error instanceof PermanentMailFailure || attempts >= this.settings.maxAttempts;
      const retryAt = givenUp
        ? undefined
        : new Date(Date.now() + Math.min(this.settings.retryBaseMs * 2 ** mail.attempts, MAX_BACKOFF_MS)).toISOString();
      await this.outbox.markFailed(mail, reason, retryAt);
      mailDeliveries.inc({ outcome: givenUp ? 'failed' : 'retry' });
      const entry = { mailId: mail.id, kind: mail.kind, attempts, reason };
      if (givenUp)
        this.log.error(
          entry,
          `mail: gave up on e-mail ${mail.id} to its recipient after ${attempts} attempt(s): ${reason}`,
        );
      else
        this.log.warn(
          { ...entry, retryAt },
          `mail: e-mail ${mail.id} not sent (${reason}); trying again at ${retryAt}`,
        );
      return false;
    }
    await this.outbox.markSent(mail);
    mailDeliveries.inc({ outcome: 'sent' });
    this.log.info({ mailId: mail.id, kind: mail.kind }, 'mail: sent');
    return true;
  }

  /** Stops polling, and waits for the e-mail being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.job.stop();
    this.forgetGauge();
    this.transport.close();
  }
}
