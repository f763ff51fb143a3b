// Where e-mails go: a mail server (SMTP_URL, through Nodemailer), or, without one (the embedded default), `.eml`
// files under DATA_DIR/mail/ that any mail program opens: a newcomer sees what the shop would have sent.
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  /** Stable per outbox entry, so that a message delivered twice (a crash between sending and recording it) is one. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up line (no password). */
  describe(): string;
  close(): void;
}

/** A refusal the mail server gave for good (5xx: no such mailbox, a domain that takes no mail): not tried again. */
export class PermanentMailFailure extends Error {}

/** `timeoutMs` bounds each step of a delivery (connecting, the greeting, a silent socket): no send hangs longer. */
export function smtpTransport(smtpUrl: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const url = new URL(smtpUrl);
  return {
    async send(message) {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const reason = (error as Error).message;
        throw code !== undefined && code >= 500 && code < 600 ? new PermanentMailFailure(reason) : new Error(reason);
      }
    },
    describe: () => `${url.protocol}//${url.host}`,
    close: () => transporter.close(),
  };
}

export function fileTransport(directory: string): MailTransport {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await writer.sendMail(message);
      fs.mkdirSync(directory, { recursive: true });
      // Named by when and what, so that a directory listing reads as the shop's outbox in order.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.messageId.replace(/[<>@]/g, '').replace(/[^\w.-]/g, '_')}.eml`;
      // Written whole, then renamed: a reader never opens half a message.
      const file = path.join(directory, name);
      fs.writeFileSync(`${file}.part`, info.message as Buffer);
      fs.renameSync(`${file}.part`, file);
    },
    describe: () => directory,
    close: () => undefined,
  };
}
