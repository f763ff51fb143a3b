// A forgotten password: a request names an account by username or e-mail address, and its owner gets an e-mail with a
// link that works once, for PASSWORD_RESET_MINUTES; the link sets a new password and ends every session of the account.
//
// A request is answered alike whether or not an account matches, and before the account is even looked up: neither
// the answer nor its time says which accounts exist. What follows (the look-up, the link, the e-mail in the outbox,
// in one transaction) happens after the answer; the service waits for it before it stops (`drain`).
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
import { now } from '../shared/clock.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { UserRepository } from './user.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    passwordResets: PasswordResetService;
  }
}

/** What every request is answered, whatever it found. */
export const RESET_REQUESTED =
  `If an account has that username or email address, and an email address to write to, a link to choose a new password is on its way. It works for ${PASSWORD_RESET_MINUTES} minutes.`;
export const PASSWORD_RESET = 'Your password has been reset. Log in with your new password.';

/** Links are stored as this, never as themselves: a copy of the database opens no account. */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface ResetForm {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

export class PasswordResetService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly resets: PasswordResetRepository,
    private readonly mailer: AccountMailer,
    /** Reset e-mails left for an account (PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR); none left → none sent. */
    private readonly emailsPerAccount: { take(key: string): Promise<boolean> },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Checks the request and answers at once; the links are made and mailed right after (see above). */
  request(usernameOrEmail: string): void {
    const [violation] = checkPasswordResetRequest({ usernameOrEmail });
    if (violation) throw badRequest(violation.message, violation.field);
    const job: Promise<void> = this.sendLinks(usernameOrEmail.trim())
      .catch((error: unknown) => this.log.error({ err: error }, 'password reset: the link could not be made; the person may ask again'))
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  /** Waits for the requests answered but not yet carried out (at shutdown: none is lost). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async sendLinks(text: string): Promise<void> {
    let written = 0;
    for (const account of await this.resets.accountsNamedBy(text)) {
      // Logged by id only: the log says nothing a reader could use to learn who has an account.
      if (!account.email) {
        this.log.info({ userId: account.id }, 'password reset: the account has no e-mail address; nothing sent');
        continue;
      }
      if (!(await this.emailsPerAccount.take(String(account.id)))) {
        this.log.warn({ userId: account.id }, 'password reset: too many e-mails for this account this hour; nothing sent');
        continue;
      }
      const token = crypto.randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(Date.parse(createdAt) + PASSWORD_RESET_MINUTES * 60_000).toISOString();
      await this.resets.transaction(async (trx) => {
        const resets = new PasswordResetRepository(trx);
        await resets.forgetEnded(account.id, createdAt);
        await resets.insert({ userId: account.id, tokenHash: hashOf(token), tokenVersion: account.tokenVersion, createdAt, expiresAt });
        await this.mailer.passwordReset(trx, account, token, expiresAt);
      });
      written += 1;
    }
    if (written > 0) this.mailer.wake();
  }

  /**
   * Sets the new password with the link's token: the account whose password it is now. The token is used up, and the
   * account's token version rises with the password, so every session (and every other link) of it ends.
   */
  async reset(form: ResetForm): Promise<UserRow> {
    const [violation] = checkPasswordReset(form);
    if (violation) throw badRequest(violation.message, violation.field, violation.field === 'token' ? 'INVALID_RESET_TOKEN' : 'INVALID_INPUT');
    // Hashed before the transaction: the slow hash holds no lock.
    const passwordHash = await hashPassword(form.newPassword);
    const account = await this.resets.transaction(async (trx) => {
      const userId = await new PasswordResetRepository(trx).use(hashOf(form.token.trim()), now());
      return userId === undefined ? undefined : new UserRepository(trx).replacePassword(userId, passwordHash);
    });
    if (!account) throw badRequest(INVALID_RESET_TOKEN, 'token', 'INVALID_RESET_TOKEN');
    return account;
  }
}
