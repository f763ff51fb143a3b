// Order e-mails as a buyer gets them, delivered to a real SMTP server the test starts (smtp-server): placed and each
// move, in the buyer's zone, only with notifications on; written to the outbox with the change and delivered by the
// sender with retries (a server refusing for a while), given up on for a refused address, sent once by two
// instances sharing the outbox, and none lost through a kill -9 and a mail server that was down meanwhile. Without
// SMTP_URL they are .eml files under DATA_DIR/mail.
import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsAddress, startMetricsServer } from '../../config/metrics.js';
import { loadRestConfig } from '../src/config.js';
import { poll } from '../../tests/helpers/poll.js';
import { COMPILED_REST_SERVER, prepareBuild } from '../../tests/helpers/prepared-build.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { freePort, restCaller, startServer } from '../../tests/helpers/server-process.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../tests/helpers/smtp-receiver.js';
import { VERIFY_SUBJECT, linkIn, nthMailTo, verifyAddressByMail } from '../../tests/helpers/mail-links.js';
import { createTestDatabase } from '../../tests/helpers/test-database.js';
import { chromiumFound, launchChromium } from '../../tests/journeys/support/chromium.js';

const FAST_MAIL = {
  MAIL_POLL_MS: '50',
  MAIL_RETRY_BASE_MS: '50',
  SHOP_URL: 'https://shop.example',
  MAIL_FROM: 'Medshop <orders@shop.example>',
};
/** Long enough for many deliveries on a busy machine. */
const DELIVERY = { within: 20_000 };

let smtp: SmtpReceiver;
let shop: RestService;
let admin: string;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  shop = await startRestService({ env: { SMTP_URL: smtp.url, ...FAST_MAIL } });
  admin = await shop.adminToken();
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

/**
 * A buyer with an address, in a zone: the address verified by its owner (the link e-mailed to it opened), unless
 * `verified` is false.
 */
async function buyer(
  service: RestService,
  profile: Record<string, unknown> = {},
  { receiver = smtp, verified = true } = {},
) {
  const username = `mail-buyer-${++counter}`;
  const token = await service.register(username);
  const email = `${username}@people.example`;
  const body = { email, firstName: 'Nina', preferences: { timezone: 'Asia/Tokyo', language: 'en' }, ...profile };
  const answer = await service.request('PUT', '/api/users/profile', { token, body });
  expect(answer.status).toBe(200);
  if (verified && body.email) await verifyAddressByMail(service, receiver, email);
  return { username, email, token };
}

/** A buyer (as `buyer` makes them) with an order of two lines placed. */
async function buyerWithOrder(
  service: RestService,
  adminToken: string,
  profile: Record<string, unknown> = {},
  options: { receiver?: SmtpReceiver; verified?: boolean } = {},
) {
  const person = await buyer(service, profile, options);
  return { ...person, order: await placeOrder(service, adminToken, person.token) };
}

async function placeOrder(service: RestService, adminToken: string, token: string) {
  const gauze = await service.createProduct(adminToken, { name: 'Sterile Gauze', price: 4.5, quantity: 50 });
  const thermometer = await service.createProduct(adminToken, {
    name: 'Digital Thermometer',
    price: 19.9,
    quantity: 50,
  });
  for (const [productId, quantity] of [
    [gauze.id, 2],
    [thermometer.id, 1],
  ]) {
    expect((await service.request('POST', '/api/cart/items', { token, body: { productId, quantity } })).status).toBe(
      200,
    );
  }
  const placed = await service.request('POST', '/api/orders/checkout', {
    token,
    body: { shippingAddress: '1 Main Street\nSpringfield' },
  });
  expect(placed.status).toBe(201);
  return placed.body as { id: number; orderDate: string };
}

/** The order e-mails to `email` (the link that verified the address aside). */
const mailsTo = (receiver: SmtpReceiver, email: string) =>
  receiver.received.filter((mail) => mail.to === email && mail.subject !== VERIFY_SUBJECT);
/** The outbox's order e-mails to `email`. */
const orderOutbox = (service: RestService, email: string) =>
  service.app.shopDatabase.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('recipient', '=', email)
    .where('kind', '<>', 'email-verification');

/** The order's time as the buyer's zone writes it: what the e-mail must say. */
const inTokyo = (iso: string) =>
  `${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date(iso))} (Asia/Tokyo)`;

describe('order e-mails', () => {
  it('tells the buyer of the order placed: its lines, total, shipping address and a link, at the time in their zone', async () => {
    const { email, order } = await buyerWithOrder(shop, admin);
    const [mail] = await poll(
      async () => mailsTo(smtp, email),
      (mails) => mails.length > 0,
      DELIVERY,
    );
    expect(mail).toMatchObject({ from: 'orders@shop.example', subject: `Your Medshop order #${order.id} is placed` });
    expect(mail!.text).toBe(
      [
        'Hello Nina,',
        '',
        `Thank you for your order #${order.id}, placed on ${inTokyo(order.orderDate)}.`,
        '',
        '  2 × Sterile Gauze, $4.50 each: $9.00',
        '  1 × Digital Thermometer, $19.90 each: $19.90',
        '',
        'Total: $28.90',
        '',
        'Shipping to:',
        '1 Main Street',
        'Springfield',
        '',
        'Follow your order: https://shop.example/orders',
        '',
        'You get these e-mails because order notifications are on in your profile: https://shop.example/profile',
        '',
      ].join('\n'),
    );
    expect(mail!.html).toContain(
      `Thank you for your order <strong>#${order.id}</strong>, placed on ${inTokyo(order.orderDate)}.`,
    );
    expect(mail!.html).toContain('<a href="https://shop.example/orders"');
    expect(mail!.html).toContain('1 Main Street<br>Springfield');
  });

  it('says what shipping and tax cost, by which method and rate, between the lines and the total', async () => {
    const method = await shop.request<{ id: number }>('POST', '/api/shipping-methods', {
      token: admin,
      body: { name: 'Standard', minDays: 2, maxDays: 4, rates: [{ countries: ['US'], price: 4.9 }] },
    });
    expect(method.status).toBe(201);
    // 10 % added on top of the prices.
    const rate = await shop.request<{ id: number }>('POST', '/api/tax-rates', {
      token: admin,
      body: { country: 'US', rate: 10 },
    });
    expect(rate.status).toBe(201);
    await shop.request('PUT', '/api/settings/tax', { token: admin, body: { pricesIncludeTax: false } });
    try {
      const person = await buyer(shop);
      const gauze = await shop.createProduct(admin, { name: 'Shipped Gauze', price: 4.5, quantity: 50 });
      await shop.request('POST', '/api/cart/items', {
        token: person.token,
        body: { productId: gauze.id, quantity: 2 },
      });
      const placed = await shop.request('POST', '/api/orders/checkout', {
        token: person.token,
        body: { shippingAddress: '1 Main Street', shippingMethodId: method.body.id, shippingCountry: 'US' },
      });
      expect(placed.status).toBe(201);
      const [mail] = await poll(
        async () => mailsTo(smtp, person.email),
        (mails) => mails.length > 0,
        DELIVERY,
      );
      expect(mail!.text).toContain(
        [
          '  2 × Shipped Gauze, $4.50 each: $9.00',
          '',
          'Subtotal: $9.00',
          'Shipping, Standard: $4.90',
          'Tax, 10 %: $1.39',
          'Total: $15.29',
        ].join('\n'),
      );
      expect(mail!.html).toMatch(/>Shipping, Standard<\/td><td[^>]*>\$4\.90<\/td>/);
      expect(mail!.html).toMatch(/>Tax, 10 %<\/td><td[^>]*>\$1\.39<\/td>/);
    } finally {
      // The other orders of this file are placed without a country: no rate may apply to them.
      await shop.request('DELETE', `/api/tax-rates/${rate.body.id}`, { token: admin });
      await shop.request('PUT', '/api/settings/tax', { token: admin, body: { pricesIncludeTax: true } });
      // Retired again: the other orders of this file are placed without a method.
      await shop.request('PUT', `/api/shipping-methods/${method.body.id}`, {
        token: admin,
        body: { name: 'Standard', minDays: 2, maxDays: 4, active: false, rates: [{ countries: ['US'], price: 4.9 }] },
      });
    }
  });

  it('tells a buyer paying by bank transfer where to, what to quote and by when; then that it is paid, and refunded', async () => {
    const account = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', days: 5 };
    expect(
      (await shop.request('PUT', '/api/settings/payment', { token: admin, body: { bankTransfer: account } })).status,
    ).toBe(200);
    try {
      const person = await buyer(shop);
      const gauze = await shop.createProduct(admin, { name: 'Transfer Gauze', price: 4.5, quantity: 50 });
      await shop.request('POST', '/api/cart/items', {
        token: person.token,
        body: { productId: gauze.id, quantity: 2 },
      });
      const placed = await shop.request<{ id: number; payment: { reference: string; reservedUntil: string } }>(
        'POST',
        '/api/orders/checkout',
        { token: person.token, body: { shippingAddress: '1 Main Street', paymentMethod: 'BANK_TRANSFER' } },
      );
      expect(placed.status, placed.text).toBe(201);
      const { id, payment } = placed.body;
      const [mail] = await poll(
        async () => mailsTo(smtp, person.email),
        (mails) => mails.length > 0,
        DELIVERY,
      );
      expect(mail!.text).toContain(
        [
          'Total: $9.00',
          '',
          `Please transfer $9.00 by ${inTokyo(payment.reservedUntil)}, quoting the reference below; we hold your items until then.`,
          '  Account holder: Medshop GmbH',
          '  IBAN: DE89 3704 0044 0532 0130 00',
          '  BIC: COBADEFFXXX',
          `  Reference: ${payment.reference}`,
          '  Amount: $9.00',
          '',
          'Shipping to:',
        ].join('\n'),
      );
      expect(mail!.html).toContain(
        `>Reference</td><td style="padding:2px 0;font-weight:600;word-break:break-all">${payment.reference}</td>`,
      );

      expect((await shop.request('POST', `/api/orders/${id}/payment`, { token: admin })).status).toBe(200);
      expect(
        (await shop.request('PUT', `/api/orders/${id}/status`, { token: admin, body: { status: 'CANCELLED' } })).status,
      ).toBe(200);
      const [, paid, cancelled] = await poll(
        async () => mailsTo(smtp, person.email),
        (mails) => mails.length === 3,
        DELIVERY,
      );
      expect(paid!.subject).toBe(`Your Medshop order #${id} is paid`);
      expect(paid!.text).toMatch(
        new RegExp(
          `^Your order #${id} \\(2 items, \\$9\\.00\\) is paid: thank you, on .+\\.\\n\\nWe will confirm it and send it on its way\\.$`,
          'm',
        ),
      );
      expect(cancelled!.text).toContain(
        'Its items went back into the shop’s stock; nothing more will happen with this order. The $9.00 you paid will be returned to you.',
      );
    } finally {
      // The other orders of this file are placed without a payment method.
      await shop.request('PUT', '/api/settings/payment', { token: admin, body: { bankTransfer: null } });
    }
  });

  it('writes amounts and times as the buyer’s language does: in en-GB, dollars as $ (not US$) and the day first', async () => {
    const { email, order } = await buyerWithOrder(shop, admin, {
      preferences: { timezone: 'Europe/London', language: 'en-GB' },
    });
    const [mail] = await poll(
      async () => mailsTo(smtp, email),
      (mails) => mails.length > 0,
      DELIVERY,
    );
    const placedOn = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/London',
    }).format(new Date(order.orderDate));
    expect(mail!.text).toContain(`Thank you for your order #${order.id}, placed on ${placedOn} (Europe/London).`);
    expect(mail!.text).toContain(
      [
        '  2 × Sterile Gauze, $4.50 each: $9.00',
        '  1 × Digital Thermometer, $19.90 each: $19.90',
        '',
        'Total: $28.90',
      ].join('\n'),
    );
    expect(mail!.html).toContain('$28.90');
    expect(`${mail!.text}${mail!.html}`).not.toContain('US$');
  });

  it.skipIf(!chromiumFound)(
    'reads well on a phone: laid out 375 px wide, a long product name wraps and every amount stays in view',
    async () => {
      const person = await buyer(shop);
      // A name as long as a product's may be (200), one unbroken word of it, and a large amount.
      const name = `Ultra-absorbent ${'Polyurethanefoamdressing'.repeat(5)} ${'x'.repeat(200)}`.slice(0, 200);
      const product = await shop.createProduct(admin, { name, price: 99_999.99, quantity: 50 });
      const added = await shop.request('POST', '/api/cart/items', {
        token: person.token,
        body: { productId: product.id, quantity: 9 },
      });
      expect(added.status).toBe(200);
      const placed = await shop.request('POST', '/api/orders/checkout', {
        token: person.token,
        body: { shippingAddress: `Apartment 12, ${'Longstreetname'.repeat(6)} 4\nSpringfield` },
      });
      expect(placed.status).toBe(201);
      const [mail] = await poll(
        async () => mailsTo(smtp, person.email),
        (mails) => mails.length > 0,
        DELIVERY,
      );
      const browser = await launchChromium();
      try {
        // A phone's browser: without the page's viewport it would lay the page out 980 px wide.
        const page = await browser.newPage({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
        await page.setContent(mail!.html as string);
        // As a phone's mail program shows it: no sideways scrolling, the amounts whole and on the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
        for (const amount of ['$899,999.91', '$99,999.99 each']) {
          const box = await page.getByText(amount, { exact: true }).first().boundingBox();
          expect(box, amount).not.toBeNull();
          expect(box!.x, amount).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, amount).toBeLessThanOrEqual(375);
        }
      } finally {
        await browser.close();
      }
    },
  );

  it('tells of each move of its status, the cancellation with the stock note; once each', async () => {
    const { email, order } = await buyerWithOrder(shop, admin);
    await poll(
      async () => mailsTo(smtp, email).length,
      (count) => count === 1,
      DELIVERY,
    );
    for (const status of ['CONFIRMED', 'CANCELLED']) {
      expect(
        (await shop.request('PUT', `/api/orders/${order.id}/status`, { token: admin, body: { status } })).status,
      ).toBe(200);
    }
    const mails = await poll(
      async () => mailsTo(smtp, email),
      (found) => found.length === 3,
      DELIVERY,
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Medshop order #${order.id} is placed`,
      `Your Medshop order #${order.id} is confirmed`,
      `Your Medshop order #${order.id} was cancelled`,
    ]);
    expect(mails[2]!.text).toMatch(
      new RegExp(
        `^Hello Nina,\\n\\nYour order #${order.id} \\(3 items, \\$28\\.90\\) was cancelled, on .+ \\(Asia/Tokyo\\)\\.\\n\\nIts items went back into the shop’s stock; nothing more will happen with this order\\.\\n`,
      ),
    );
    // Asked again, the same status writes nothing more.
    expect(
      (await shop.request('PUT', `/api/orders/${order.id}/status`, { token: admin, body: { status: 'CANCELLED' } }))
        .status,
    ).toBe(200);
    await poll(
      async () => shop.app.mailSender.deliverDue(),
      (sent) => sent === 0,
    );
    expect(mailsTo(smtp, email)).toHaveLength(3);
  });

  it('sends nothing to a buyer who turned e-mail notifications off, or who has no address', async () => {
    const silent = await buyerWithOrder(shop, admin, { preferences: { emailNotifications: false } });
    const noAddress = await buyerWithOrder(shop, admin, { email: null });
    const outbox = await shop.app.shopDatabase.db
      .selectFrom('mailOutbox')
      .select('recipient')
      .where('kind', '<>', 'email-verification')
      .execute();
    expect(outbox.map((row) => row.recipient)).not.toContain(silent.email);
    expect(outbox.map((row) => row.recipient)).not.toContain(noAddress.email);
    expect(mailsTo(smtp, silent.email)).toEqual([]);
  });

  it('sends nothing to an address its owner has not verified: the order e-mails start once the link is opened', async () => {
    const { email, order } = await buyerWithOrder(shop, admin, {}, { verified: false });
    expect(
      (await shop.request('PUT', `/api/orders/${order.id}/status`, { token: admin, body: { status: 'CONFIRMED' } }))
        .status,
    ).toBe(200);
    expect(await orderOutbox(shop, email).execute()).toEqual([]);
    await verifyAddressByMail(shop, smtp, email);
    expect(
      (await shop.request('PUT', `/api/orders/${order.id}/status`, { token: admin, body: { status: 'SHIPPED' } }))
        .status,
    ).toBe(200);
    const mails = await poll(
      async () => mailsTo(smtp, email),
      (found) => found.length === 1,
      DELIVERY,
    );
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Medshop order #${order.id} has shipped`]);
    expect((await orderOutbox(shop, email).execute()).map((row) => row.kind)).toEqual(['order-status']);
  });
});

describe('the sender', () => {
  // The kill -9 test's service runs compiled, as production runs it: through tsx its two starts took twice as long.
  beforeAll(() => prepareBuild(), 180_000);

  it('tries again with back-off while the mail server refuses for now, and delivers once it takes it', async () => {
    const receiver = await startSmtpReceiver();
    const service = await startRestService({ env: { SMTP_URL: receiver.url, ...FAST_MAIL } });
    try {
      const { email, token } = await buyer(service, {}, { receiver });
      const offeredBefore = receiver.offered.length;
      let refusals = 0;
      receiver.refuse = () => (refusals++ < 3 ? { responseCode: 451, message: 'Try again later' } : undefined);
      const order = await placeOrder(service, await service.adminToken(), token);
      const [mail] = await poll(
        async () => mailsTo(receiver, email),
        (mails) => mails.length > 0,
        DELIVERY,
      );
      expect(mail!.subject).toBe(`Your Medshop order #${order.id} is placed`);
      expect(receiver.offered.slice(offeredBefore).filter((address) => address === email)).toHaveLength(4);
      // The server has the message a moment before the sender, told so, records it as sent.
      const row = await poll(
        async () => orderOutbox(service, email).executeTakeFirstOrThrow(),
        (found) => found.sentAt !== null || found.failedAt !== null,
        DELIVERY,
      );
      expect({
        attempts: row.attempts,
        sent: row.sentAt !== null,
        failedAt: row.failedAt,
        lastError: row.lastError,
      }).toEqual({
        attempts: 4,
        sent: true,
        failedAt: null,
        lastError: null,
      });
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it('gives up on an address the mail server refuses for good, recording why, and says so in its log and metrics', async () => {
    const receiver = await startSmtpReceiver();
    const lines: { level: number; msg: string }[] = [];
    const metrics = await startMetricsServer(0, '127.0.0.1');
    /** mail_deliveries_total{outcome="failed"} as an operator's Prometheus scrapes it (0 before the first). */
    const failedDeliveries = async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsAddress(metrics)}/metrics`)).text();
      return Number(/^mail_deliveries_total\{outcome="failed"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const failedBefore = await failedDeliveries();
    const service = await startRestService({
      env: { SMTP_URL: receiver.url, ...FAST_MAIL },
      onLogLine: (line) => lines.push(line),
    });
    try {
      const { email, token } = await buyer(service, {}, { receiver });
      receiver.refuse = (address) =>
        address.startsWith('mail-buyer') ? { responseCode: 550, message: 'No such mailbox here' } : undefined;
      await placeOrder(service, await service.adminToken(), token);
      const row = await poll(
        async () => orderOutbox(service, email).executeTakeFirstOrThrow(),
        (found) => found.failedAt !== null,
        DELIVERY,
      );
      expect({ attempts: row.attempts, sentAt: row.sentAt }).toEqual({ attempts: 1, sentAt: null });
      expect(row.lastError).toContain('550 No such mailbox here');
      expect(lines.find((line) => line.level === 50)?.msg).toMatch(
        new RegExp(
          `^mail: gave up on e-mail ${row.id} to its recipient after 1 attempt\\(s\\): .*550 No such mailbox here`,
        ),
      );
      expect(mailsTo(receiver, email)).toEqual([]);
      expect((await failedDeliveries()) - failedBefore).toBe(1);
    } finally {
      await service.close();
      await receiver.close();
      await new Promise((resolve) => metrics.close(resolve));
    }
  });

  it('shares the outbox between two instances of the service without sending anything twice', async () => {
    const receiver = await startSmtpReceiver();
    const first = await startRestService({ env: { SMTP_URL: receiver.url, ...FAST_MAIL } });
    const second = await startRestService({
      reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir },
      env: { SMTP_URL: receiver.url, ...FAST_MAIL },
    });
    try {
      const adminToken = await first.adminToken();
      const buyers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          buyerWithOrder(index % 2 ? second : first, adminToken, {}, { receiver }),
        ),
      );
      const orderMails = () => receiver.received.filter((mail) => mail.subject !== VERIFY_SUBJECT);
      await poll(
        async () => orderMails().length,
        (count) => count >= buyers.length,
        DELIVERY,
      );
      // Both kept polling meanwhile: a doubled e-mail would have come by now.
      await first.app.mailSender.deliverDue();
      await second.app.mailSender.deliverDue();
      expect(
        orderMails()
          .map((mail) => mail.to)
          .sort(),
      ).toEqual(buyers.map((person) => person.email).sort());
      expect(new Set(receiver.received.map((mail) => mail.messageId)).size).toBe(receiver.received.length);
      expect(receiver.received).toHaveLength(2 * buyers.length);
    } finally {
      await second.close({ keepData: true });
      await first.close();
      await receiver.close();
    }
  });

  it('loses nothing when the service is killed (kill -9) while the mail server is down: all is delivered once both are back', async () => {
    const database = await createTestDatabase();
    const smtpPort = await freePort();
    const port = await freePort();
    const env = {
      REST_PORT: String(port),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: 'mail-admin',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...FAST_MAIL,
      // Enough attempts for the outage at this test's fast back-off (the default, 8 from 30 s, spans about two hours).
      MAIL_MAX_ATTEMPTS: '20',
      // The e-mail being sent when the service is killed waits for its claim (twice this) to lapse.
      MAIL_SEND_TIMEOUT_MS: '1000',
    };
    let server = await startServer(COMPILED_REST_SERVER, env, port);
    const call = restCaller(() => server);
    let receiver: SmtpReceiver | undefined;
    try {
      const login = await call('POST', '/auth/login', undefined, { username: 'admin', password: 'mail-admin' });
      expect(login.status, login.text).toBe(200);
      // The contract answers a login with the token alone, as text.
      const adminToken = login.text;
      const product = (
        await call('POST', '/products', adminToken, {
          name: 'Bandage',
          description: 'Elastic',
          price: 2.5,
          quantity: 100,
        })
      ).body;
      const emails: string[] = [];
      const tokens: string[] = [];
      // The buyers verify their addresses while the mail server is up (each opens the link e-mailed to them).
      receiver = await startSmtpReceiver(smtpPort);
      for (let index = 0; index < 5; index += 1) {
        const username = `crash-buyer-${index}`;
        expect(
          (
            await call('POST', '/auth/register', undefined, {
              username,
              password: 'secret1',
              confirmPassword: 'secret1',
            })
          ).status,
        ).toBe(201);
        tokens.push((await call('POST', '/auth/login', undefined, { username, password: 'secret1' })).text);
        emails.push(`${username}@people.example`);
        expect((await call('PUT', '/users/profile', tokens.at(-1), { email: emails.at(-1) })).status).toBe(200);
        const { token: link } = linkIn(await nthMailTo(receiver, emails.at(-1)!, VERIFY_SUBJECT, 1), 'verify-email');
        expect((await call('POST', '/auth/verify-email', undefined, { token: link })).status).toBe(200);
      }
      await receiver.close();
      for (const token of tokens) {
        expect((await call('POST', '/cart/items', token, { productId: product.id, quantity: 1 })).status).toBe(200);
        expect((await call('POST', '/orders/checkout', token, { shippingAddress: '2 Side Street' })).status).toBe(201);
      }
      // The mail server is down: every e-mail waits in the outbox, being tried. Then the service dies outright.
      await server.kill();
      receiver = await startSmtpReceiver(smtpPort);
      server = await startServer(COMPILED_REST_SERVER, env, port);
      await poll(
        async () => receiver!.received.length,
        (count) => count >= emails.length,
        DELIVERY,
      );
      expect(receiver.received.map((mail) => mail.to).sort()).toEqual([...emails].sort());
      expect(receiver.received.every((mail) => /^Your Medshop order #\d+ is placed$/.test(mail.subject))).toBe(true);
    } finally {
      await server.stop();
      await receiver?.close();
      await database.drop();
    }
  }, 120_000);
});

describe('without SMTP_URL', () => {
  it('writes each e-mail as an .eml file under DATA_DIR/mail, which a mail program opens', async () => {
    const service = await startRestService({ env: { ...FAST_MAIL } });
    try {
      const directory = path.join(service.dataDir, 'mail');
      const written = (count: number) =>
        poll(
          async () =>
            fs.existsSync(directory)
              ? fs
                  .readdirSync(directory)
                  .filter((name) => name.endsWith('.eml'))
                  .sort()
              : [],
          (found) => found.length === count,
          DELIVERY,
        );
      // The buyer opens the verification link as their mail program shows it, from the first file.
      const { token } = await buyer(service, {}, { verified: false });
      const [verification] = await written(1);
      const opened = await simpleParser(fs.readFileSync(path.join(directory, verification!)));
      expect(opened.subject).toBe(VERIFY_SUBJECT);
      const { token: link } = linkIn(
        { to: '', from: '', subject: opened.subject ?? '', text: opened.text ?? '', html: '', messageId: '' },
        'verify-email',
      );
      expect((await service.request('POST', '/api/auth/verify-email', { body: { token: link } })).status).toBe(200);
      const order = await placeOrder(service, await service.adminToken(), token);
      const files = (await written(2)).filter((name) => name !== verification);
      const message = fs.readFileSync(path.join(directory, files[0]!), 'utf8');
      expect(message).toContain(`Subject: Your Medshop order #${order.id} is placed`);
      expect(message).toContain('From: Medshop <orders@shop.example>');
      expect(message).toContain('Content-Type: multipart/alternative');
    } finally {
      await service.close();
    }
  });
});

describe('settings', () => {
  it.each([
    [
      { SMTP_URL: 'mail.example:587' },
      'SMTP_URL must start with smtp:// or smtps:// and name a host, got "mail.example://"',
    ],
    [
      { SMTP_URL: 'http://mail.example' },
      'SMTP_URL must start with smtp:// or smtps:// and name a host, got "http://mail.example"',
    ],
    [
      { SMTP_URL: 'smtp://mail.example:99999' },
      'SMTP_URL must be a URL such as smtp://user:password@mail.example:587 (is a character in the password not percent-encoded?)',
    ],
    [
      { MAIL_FROM: 'nobody' },
      'MAIL_FROM must be an address such as shop@example.com or Medshop <shop@example.com>, got "nobody"',
    ],
    [{ SHOP_URL: 'ftp://shop.example' }, 'SHOP_URL must start with http:// or https://, got "ftp://shop.example"'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS must be a whole number of at least 1, got "0"'],
    [
      { EMAILS_PER_RECIPIENT_PER_HOUR: 'lots' },
      'EMAILS_PER_RECIPIENT_PER_HOUR must be a whole number of at least 1, got "lots"',
    ],
  ])('refuses %o in one line', (env, message) => {
    expect(() => loadRestConfig({ ...env })).toThrow(message);
  });

  it('holds each address to 5 reset and 5 verification e-mails an hour unless told (EMAILS_PER_RECIPIENT_PER_HOUR)', () => {
    expect(loadRestConfig({}).limits.emailsPerRecipientPerHour).toBe(5);
    expect(loadRestConfig({ EMAILS_PER_RECIPIENT_PER_HOUR: '12' }).limits.emailsPerRecipientPerHour).toBe(12);
  });
});
