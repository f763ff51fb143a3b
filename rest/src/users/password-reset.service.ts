// A forgotten password: a request names an account by username or e-mail address, and its owner gets an e-mail with a
// link that works once, for PASSWORD_RESET_MINUTES; the link sets a new password and ends every session of the account.
//
// A request is answered alike whether or not an account matches, in the same time: answering it only writes the request
// down (the same row whatever it names). Each instance carries out the requests written down, one at a time under a
// lease, in the background (`RepeatingJob`): the look-up, the link and its e-mail in the outbox, and the request's
// removal, in one transaction. A request answered is never lost: a crash or an unreachable database leaves it written
// down for the next round, of this instance or another.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  INVALID_RESET_TOKEN,
  PASSWORD_RESET_MINUTES,
  checkPasswordReset,
  checkPasswordResetRequest,
} from '../../../shop-rules/account-rules.js';
import type { UserRow } from '../db/schema.js';
import type { AccountMailer } from '../mail/account-mailer.js';
import { hashPassword } from '../auth/passwords.js';
import { badRequest } from '../shared/http-errors.js';
import { now } from '../shared/timestamps.js';
import { RepeatingJob } from '../shared/repeating-job.js';
import type { ClaimedRequest, PasswordResetRepository } from './password-reset.repository.js';
import { UserRepository } from './user.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    passwordResets: PasswordResetService;
  }
}

/** What every request is answered, whatever it found. */
export const RESET_REQUESTED = `If an account has that username or email address, and a verified email address to write to, a link to choose a new password is on its way. It works for ${PASSWORD_RESET_MINUTES} minutes.`;
export const PASSWORD_RESET = 'Your password has been reset. Log in with your new password.';

/** Links are stored as this, never as themselves: a copy of the database opens no account. */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** How long an instance holds a request it carries out (a few statements): one that stopped meanwhile lets go then. */
const REQUEST_LEASE_MS = 60_000;
/** Requests carried out in one round before the next round (at once). */
const ROUND = 50;

/** Reset e-mails left for an account (PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR). */
export interface EmailAllowance {
  take(key: string): Promise<boolean>;
  /** Gives back what `take` took, when nothing was sent after all. */
  giveBack(key: string): Promise<void>;
}

export interface ResetForm {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

export class PasswordResetService {
  private readonly job: RepeatingJob;

  constructor(
    private readonly resets: PasswordResetRepository,
    private readonly mailer: AccountMailer,
    private readonly emailsPerAccount: EmailAllowance,
    private readonly log: FastifyBaseLogger,
    pollMs: number,
  ) {
    this.job = new RepeatingJob(
      async () => void (await this.carryOutPending()),
      pollMs,
      (error) => this.log.warn({ err: error }, 'password reset: the requests could not be read; trying again'),
    );
  }

  start(): void {
    this.job.start();
  }

  /** After a request is answered (not before: its time must not depend on what follows). */
  wake(): void {
    this.job.wake();
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }

  /** Checks the request and writes it down; what it names is looked at later, in the background. */
  async request(usernameOrEmail: string): Promise<void> {
    const [violation] = checkPasswordResetRequest({ usernameOrEmail });
    if (violation) throw badRequest(violation.message, violation.field);
    await this.resets.addRequest(usernameOrEmail.trim(), now());
  }

  /** Carries out the requests no instance holds; answers how many. */
  async carryOutPending(): Promise<number> {
    let done = 0;
    for (let round = 0; round < ROUND; round += 1) {
      const request = await this.resets.claimRequest(new Date(Date.now() + REQUEST_LEASE_MS).toISOString(), now());
      if (!request) break;
      if (await this.carryOut(request)) done += 1;
    }
    return done;
  }

  private async carryOut(request: ClaimedRequest): Promise<boolean> {
    const accounts: (UserRow & { email: string })[] = [];
    for (const account of await this.resets.accountsNamedBy(request.askedFor)) {
      // Logged by id only: the log says nothing a reader could use to learn who has an account.
      if (!account.email)
        this.log.info({ userId: account.id }, 'password reset: the account has no e-mail address; nothing sent');
      // An address its owner never proved gets nothing but the link that proves it: whoever typed it may not own it.
      else if (!account.emailVerifiedAt)
        this.log.info(
          { userId: account.id },
          'password reset: the account’s e-mail address is not verified; nothing sent',
        );
      else if (!(await this.emailsPerAccount.take(String(account.id)))) {
        this.log.warn(
          { userId: account.id },
          'password reset: too many e-mails for this account this hour; nothing sent',
        );
      } else accounts.push({ ...account, email: account.email });
    }
    let carriedOut = false;
    /** The accounts whose link was written (the others' allowance is given back: nothing went to them). */
    const written = new Set<number>();
    try {
      carriedOut = await this.resets.transaction(async (resets, trx) => {
        written.clear();
        // Another instance took it over (this one was too slow): it carries it out, not this one as well.
        if (!(await resets.completeRequest(request))) return false;
        for (const account of accounts) {
          // Several accounts may share one address: it gets EMAILS_PER_RECIPIENT_PER_HOUR links an hour, whichever.
          if ((await this.mailer.secondsToWait(trx, 'password-reset', account.email)) !== undefined) {
            this.log.warn(
              { userId: account.id },
              'password reset: the address has had its e-mails for this hour; nothing sent',
            );
            continue;
          }
          const token = crypto.randomBytes(32).toString('base64url');
          const createdAt = now();
          const expiresAt = new Date(Date.parse(createdAt) + PASSWORD_RESET_MINUTES * 60_000).toISOString();
          await resets.forgetEnded(account.id, createdAt);
          await resets.insert({
            userId: account.id,
            tokenHash: hashOf(token),
            tokenVersion: account.tokenVersion,
            createdAt,
            expiresAt,
          });
          await this.mailer.passwordReset(trx, account, token, expiresAt);
          written.add(account.id);
        }
        return true;
      });
    } finally {
      for (const account of accounts)
        if (!carriedOut || !written.has(account.id)) await this.emailsPerAccount.giveBack(String(account.id));
    }
    if (carriedOut && written.size > 0) this.mailer.wake();
    return carriedOut;
  }

  /**
   * Sets the new password with the link's token: the account whose password it is now. The token is used up, and the
   * account's token version rises with the password, so every session (and every other link) of it ends.
   */
  async reset(form: ResetForm): Promise<UserRow> {
    const [violation] = checkPasswordReset(form);
    if (violation)
      throw badRequest(
        violation.message,
        violation.field,
        violation.field === 'token' ? 'INVALID_RESET_TOKEN' : 'INVALID_INPUT',
      );
    // Hashed before the transaction: the slow hash holds no lock.
    const passwordHash = await hashPassword(form.newPassword);
    const account = await this.resets
      .transaction(async (resets, trx) => {
        const link = await resets.use(hashOf(form.token.trim()), now());
        if (!link) return undefined;
        // Only while the password is still the one the link was made under: of two links used at once, one wins.
        const updated = await new UserRepository(trx).replacePassword(link.userId, passwordHash, link.tokenVersion);
        if (!updated) throw new LinkOutdated();
        return updated;
      })
      .catch((error: unknown) => {
        if (error instanceof LinkOutdated) return undefined;
        throw error;
      });
    if (!account) throw badRequest(INVALID_RESET_TOKEN, 'token', 'INVALID_RESET_TOKEN');
    return account;
  }
}

/** The password changed between the link's check and its use: the transaction is undone (the link stays unused). */
class LinkOutdated extends Error {}
