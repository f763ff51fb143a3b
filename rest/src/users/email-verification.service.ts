// Proof that an e-mail address is its account owner's (issue 30, item 4): giving an account an address — at
// registration or on the profile — sends one e-mail to it, a link that works once, for EMAIL_VERIFICATION_HOURS;
// opening it marks the address verified. Until then the shop sends nothing else there: no order e-mail, no password
// reset. A new address unverifies the account and ends every earlier link.
//
// The link and its e-mail are written in the transaction that gives the address, so that one never goes without the
// other; the link is stored as its SHA-256 only, and its e-mail's body is blanked once sent. The links to one address
// are held to EMAILS_PER_RECIPIENT_PER_HOUR (RecipientLimit), whatever accounts point at it.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_VERIFICATION_HOURS,
  INVALID_VERIFICATION_TOKEN,
  NO_EMAIL_TO_VERIFY,
  checkEmailVerification,
} from '../../../shop-rules/account-rules.js';
import type { Database, UserRow } from '../db/schema.js';
import type { AccountMailer } from '../mail/account-mailer.js';
import { badRequest, conflict, notFound } from '../shared/http-errors.js';
import { now } from '../shared/timestamps.js';
import type { EmailVerificationRepository } from './email-verification.repository.js';
import { UserRepository } from './user.repository.js';

export const EMAIL_VERIFIED = 'Your email address is verified.';
export const verificationSent = (email: string) =>
  `A link to verify ${email} is on its way. It works for ${EMAIL_VERIFICATION_HOURS} hours.`;

/** Links are stored as this, never as themselves: a copy of the database proves no address. */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Sent: the address it went to; or not, because the address has had its share of links this hour. */
export type ResendOutcome = { sentTo: string } | { retryAfterSeconds: number };

/** Called inside the transaction that gave an account its address (or cleared it). */
export type AddressGiven = (account: UserRow) => Promise<void>;

export class EmailVerificationService {
  constructor(
    private readonly links: EmailVerificationRepository,
    private readonly mailer: AccountMailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Runs `work` in one transaction, with the accounts' repository inside it: `addressGiven(account)`, called once the
   * account has its new address, ends its earlier links and sends a link to the address (when it has one), all in the
   * same transaction. The sender is woken after the commit.
   */
  async changingAddress<T>(work: (users: UserRepository, addressGiven: AddressGiven) => Promise<T>): Promise<T> {
    let written = false;
    const result = await this.links.transaction((links, trx) =>
      work(new UserRepository(trx), async (account) => {
        await links.endLinks(account.id, now());
        if (account.email && (await this.sendLink(links, trx, { ...account, email: account.email })) === undefined)
          written = true;
      }),
    );
    if (written) this.mailer.wake();
    return result;
  }

  /** The link once more, to the caller's address as it is now: refused without one, or when it is verified already. */
  async resend(userId: number): Promise<ResendOutcome> {
    const outcome = await this.links.transaction(async (links, trx): Promise<ResendOutcome> => {
      const account = await new UserRepository(trx).findById(userId);
      if (!account) throw notFound('User not found', 'USER_NOT_FOUND');
      if (!account.email) throw badRequest(NO_EMAIL_TO_VERIFY, 'email');
      if (account.emailVerifiedAt) throw conflict(EMAIL_ALREADY_VERIFIED, 'EMAIL_ALREADY_VERIFIED', 'email');
      const wait = await this.sendLink(links, trx, { ...account, email: account.email });
      return wait === undefined ? { sentTo: account.email } : { retryAfterSeconds: wait };
    });
    if ('sentTo' in outcome) this.mailer.wake();
    return outcome;
  }

  /**
   * Opens the link: the account whose address it proved, now verified. The link is used up, and the account's others.
   */
  async verify(token: string): Promise<UserRow & { email: string }> {
    const [violation] = checkEmailVerification({ token });
    if (violation) throw badRequest(violation.message, violation.field, 'INVALID_VERIFICATION_TOKEN');
    const account = await this.links
      .transaction(async (links, trx) => {
        const at = now();
        const link = await links.use(hashOf(token.trim()), at);
        if (!link) return undefined;
        // Only while the account still has that address: a change that came first (on PostgreSQL, between the link's
        // check and this) leaves the link unused, and unusable.
        const verified = await new UserRepository(trx).markEmailVerified(link.userId, link.email, at);
        if (!verified?.email) throw new AddressChanged();
        await links.endLinks(link.userId, at);
        return { ...verified, email: verified.email };
      })
      .catch((error: unknown) => {
        if (error instanceof AddressChanged) return undefined;
        throw error;
      });
    if (!account) throw badRequest(INVALID_VERIFICATION_TOKEN, 'token', 'INVALID_VERIFICATION_TOKEN');
    return account;
  }

  /**
   * A new link and its e-mail, in `trx`: undefined once written; else the seconds until the address may get one (it has
   * had EMAILS_PER_RECIPIENT_PER_HOUR this hour), and nothing is written.
   */
  private async sendLink(
    links: EmailVerificationRepository,
    trx: Kysely<Database>,
    account: UserRow & { email: string },
  ): Promise<number | undefined> {
    const wait = await this.mailer.secondsToWait(trx, 'email-verification', account.email);
    if (wait !== undefined) {
      // By id only: the log says nothing of the address.
      this.log.warn(
        { userId: account.id },
        'email verification: the address has had its links for this hour; nothing sent',
      );
      return wait;
    }
    const token = crypto.randomBytes(32).toString('base64url');
    const createdAt = now();
    const expiresAt = new Date(Date.parse(createdAt) + EMAIL_VERIFICATION_HOURS * 60 * 60_000).toISOString();
    await links.forgetEnded(account.id, createdAt);
    await links.insert({ userId: account.id, email: account.email, tokenHash: hashOf(token), createdAt, expiresAt });
    await this.mailer.emailVerification(trx, account, token, expiresAt);
    return undefined;
  }
}

/** The address changed between the link's check and its use: the transaction is undone. */
class AddressChanged extends Error {}
