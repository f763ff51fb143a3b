// What a chat digest says (issue 36): how many messages one person wrote that wait unread, never their text (a mailbox
// is not the chat, and an e-mail outlives a deleted message), with a link to the chat.
import { type MailContext, type MailRecipient, button, escapeHtml, greeting, htmlPage } from './mail-layout.js';
import type { OutgoingMail } from './outbox.repository.js';

/** "3 new messages from anna". */
export const digestSubject = (count: number, sender: string) =>
  `${count} new ${count === 1 ? 'message' : 'messages'} from ${sender}`;

export function chatDigestMail(
  recipient: MailRecipient & { email: string },
  digest: { count: number; sender: string },
  context: MailContext,
): OutgoingMail {
  const subject = digestSubject(digest.count, digest.sender);
  const chatUrl = `${context.shopUrl}/chat`;
  const profile = `${context.shopUrl}/profile`;
  const waiting = `${digest.sender} wrote to you on Medshop: ${digest.count === 1 ? 'a message waits' : `${digest.count} messages wait`} unread.`;
  const text = `${greeting(recipient)}

${waiting}

Read and answer them in your chats: ${chatUrl}

You get these e-mails because e-mail notifications are on in your profile: ${profile}
`;
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>${escapeHtml(waiting)}</p>
<p>${button(chatUrl, 'Open your chats')}</p>`,
    `You get these e-mails because e-mail notifications are on in <a href="${escapeHtml(profile)}" style="color:#0b5cad">your profile</a>.`,
  );
  return { kind: 'chat-digest', recipient: recipient.email, subject, text, html };
}

/**
 * What a reporter is told once a moderator decided their report (issue 36): what became of the message, never its
 * text. Like every e-mail of the chat, only to a verified address with notifications on; the chat says it too.
 */
export function reportDecidedMail(
  recipient: MailRecipient & { email: string },
  decided: { sender: string; outcome: string },
  context: MailContext,
): OutgoingMail {
  const subject = `Your report of a message from ${decided.sender}`;
  const chatUrl = `${context.shopUrl}/chat`;
  const profile = `${context.shopUrl}/profile`;
  const said = `You reported a message ${decided.sender} sent you on Medshop. ${decided.outcome}.`;
  const text = `${greeting(recipient)}

${said}

Thank you for telling us. Your chats: ${chatUrl}

You get these e-mails because e-mail notifications are on in your profile: ${profile}
`;
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>${escapeHtml(said)}</p>
<p>Thank you for telling us.</p>
<p>${button(chatUrl, 'Open your chats')}</p>`,
    `You get these e-mails because e-mail notifications are on in <a href="${escapeHtml(profile)}" style="color:#0b5cad">your profile</a>.`,
  );
  return { kind: 'chat-report-decided', recipient: recipient.email, subject, text, html };
}
