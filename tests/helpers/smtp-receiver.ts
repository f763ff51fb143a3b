// A real SMTP server for the tests (Nodemailer's smtp-server) on 127.0.0.1: it takes what the shop sends and keeps
// each message, parsed (mailparser), so that a test reads the e-mail a person would get. `refuse` decides, per
// recipient, to refuse for now (4xx) or for good (5xx), to test the sender's retries and giving up.
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Refusal {
  /** 4xx: try again later; 5xx: never. */
  responseCode: number;
  message: string;
}

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface SmtpReceiver {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Each recipient the server was offered, in order, refused or not. */
  offered: string[];
  refuse: (recipient: string) => Refusal | undefined;
  close(): Promise<void>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((entry) => entry.value.map((address) => address.address ?? ''))
    .join(', ');

export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const receiver: SmtpReceiver = {
    port: 0,
    url: '',
    received: [],
    offered: [],
    refuse: () => undefined,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      receiver.offered.push(address.address);
      const refusal = receiver.refuse(address.address);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode });
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          receiver.received.push({
            to: addressesOf(mail.to),
            from: addressesOf(mail.from),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  receiver.port = typeof address === 'object' && address ? address.port : port;
  receiver.url = `smtp://127.0.0.1:${receiver.port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
