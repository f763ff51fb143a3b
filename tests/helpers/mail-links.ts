// The links of the shop's account e-mails, as a person finds them in the e-mail a real SMTP server received (never
// read from the database): the page they open and the token the page passes on. `verifyAddressByMail` proves an
// address the way its owner does: the verification e-mail read, its link opened.
import { expect } from 'vitest';
import { poll } from './poll.js';
import type { RestService } from './rest-service.js';
import type { ReceivedMail, SmtpReceiver } from './smtp-receiver.js';

export type LinkPage = 'verify-email' | 'reset-password';

export const VERIFY_SUBJECT = 'Verify your email address for Medshop';
export const RESET_SUBJECT = 'Reset your Medshop password';

/** The link of an account e-mail to `page` (its text's own line): the whole address and its token. */
export function linkIn(mail: ReceivedMail, page: LinkPage): { url: string; token: string } {
  const found = new RegExp(`^(https?://[^/\\s]+/${page}\\?token=([\\w-]+))$`, 'm').exec(mail.text);
  expect(found, mail.text).not.toBeNull();
  return { url: found![1]!, token: found![2]! };
}

/** What the SMTP server received for `email` with this subject, in order. */
export const mailsTo = (receiver: SmtpReceiver, email: string, subject?: string) =>
  receiver.received.filter((mail) => mail.to === email && (subject === undefined || mail.subject === subject));

/** Waits for the `count`th e-mail with this subject to `email` (20 s at most: a busy machine), and answers it. */
export async function nthMailTo(
  receiver: SmtpReceiver,
  email: string,
  subject: string,
  count: number,
): Promise<ReceivedMail> {
  const mails = await poll(
    async () => mailsTo(receiver, email, subject),
    (found) => found.length >= count,
    { within: 20_000 },
  );
  expect(mails.length, `e-mail "${subject}" number ${count} to ${email}`).toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}

/**
 * Proves `email` for the account that was just given it: its newest verification e-mail (the `nth` to that address)
 * read, its link opened at the REST service.
 */
export async function verifyAddressByMail(
  service: RestService,
  receiver: SmtpReceiver,
  email: string,
  nth = 1,
): Promise<void> {
  const { token } = linkIn(await nthMailTo(receiver, email, VERIFY_SUBJECT, nth), 'verify-email');
  const answer = await service.request('POST', '/api/auth/verify-email', { body: { token } });
  expect({ status: answer.status, text: answer.text }).toMatchObject({ status: 200 });
}
