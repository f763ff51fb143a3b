// The REST contract service as one Fastify instance: built here from named plugins, started by server.ts, built by
// tests directly. Layers point one way: routes → services → repositories → db (lint keeps it so).
import { ShopSettingsRepository, ShopSettingsService, shopSettingsRoutes } from './settings/shop-settings.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { drainable, logRequests, serverOptions } from '../../config/server.js';
import { traceRequests } from '../../config/tracing.js';
import { announceBuild } from '../../config/metrics.js';
import { AuditRepository } from './audit/audit.repository.js';
import { auditRoutes } from './audit/audit.routes.js';
import { serverLogger } from '../../config/logger.js';
import { createAuthenticate } from './auth/authenticate.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { ChatBlocksRepository } from './chat/chat-blocks.repository.js';
import { ChatDigests } from './chat/chat-digests.js';

/** How often missed chat messages are looked for (CHAT_DIGEST_AFTER_MINUTES is how long they wait). */
const DIGEST_SWEEP_MS = 60_000;
import { twoFactorRoutes } from './two-factor/two-factor.routes.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { StaffRepository } from './staff/staff.repository.js';
import { staffRoutes } from './staff/staff.routes.js';
import { StaffService } from './staff/staff.service.js';
import { adminPasswordAnnouncer, bootstrapPlugin } from './bootstrap/bootstrap.js';
import { CartRepository } from './cart/cart.repository.js';
import { cartRoutes } from './cart/cart.routes.js';
import { CartService } from './cart/cart.service.js';
import { ChatRepository } from './chat/chat.repository.js';
import { chatRoutes } from './chat/chat.routes.js';
import { chatReportRoutes } from './chat/chat-reports.routes.js';
import { ChatReportsRepository } from './chat/chat-reports.repository.js';
import { ChatReportsService } from './chat/chat-reports.service.js';
import { ChatService } from './chat/chat.service.js';
import type { RestConfig } from './config.js';
import { OrderRepository } from './orders/order.repository.js';
import { cartChargesRoutes, orderRoutes } from './orders/order.routes.js';
import { addressRoutes } from './addresses/address.routes.js';
import { AddressRepository } from './addresses/address.repository.js';
import { AddressService } from './addresses/address.service.js';
import { ShippingMethodRepository } from './shipping/shipping.repository.js';
import { shippingRoutes } from './shipping/shipping.routes.js';
import { ShippingService } from './shipping/shipping.service.js';
import { TaxRepository } from './tax/tax.repository.js';
import { taxRoutes } from './tax/tax.routes.js';
import { PaymentRepository } from './payment/payment.repository.js';
import { RepeatingJob } from './shared/repeating-job.js';
import { PaymentService } from './payment/payment.service.js';
import { cardPaymentRoutes, paymentSettingsRoutes, stripeWebhookRoutes } from './payment/payment.routes.js';
import { CardPaymentService, warnOfStrandedCardPayments } from './payment/card-payment.service.js';
import { StripeCards } from './payment/stripe-cards.js';
import { TaxService } from './tax/tax.service.js';
import { OrderService } from './orders/order.service.js';
import { MailSender } from './mail/mail-sender.js';
import { fileTransport, smtpTransport } from './mail/mail-transport.js';
import { AccountMailer } from './mail/account-mailer.js';
import { OrderMailer } from './mail/order-mailer.js';
import { OutboxRepository } from './mail/outbox.repository.js';
import { RecipientLimit } from './mail/recipient-limit.js';
import { databasePlugin } from './plugins/database.js';
import { demoImagesPlugin } from './plugins/demo-images.js';
import { PictureService } from './pictures/picture.service.js';
import { pictureRoutes, pictureServingRoutes } from './pictures/picture.routes.js';
import { docsPlugin } from './plugins/docs.js';
import { healthPlugin } from './plugins/health.js';
import { httpConventionsPlugin } from './plugins/http-conventions.js';
import { limitsPlugin } from './plugins/limits.js';
import { tokensPlugin } from './plugins/tokens.js';
import { ProductRepository } from './products/product.repository.js';
import { categoryRoutes } from './categories/category.routes.js';
import { CategoryRepository } from './categories/category.repository.js';
import { CategoryService } from './categories/category.service.js';
import { productRoutes } from './products/product.routes.js';
import { ProductService, type ProductTransaction } from './products/product.service.js';
import { CatalogueCsvService } from './products/catalogue-csv.service.js';
import { catalogueCsvRoutes } from './products/catalogue-csv.routes.js';
import { serializerCompiler } from './shared/serialization.js';
import { schemaErrorFormatter, validatorCompiler } from './shared/validation.js';
import { UserRepository } from './users/user.repository.js';
import { accountRoutes } from './users/account.routes.js';
import { EmailVerificationRepository } from './users/email-verification.repository.js';
import { emailVerificationRoutes } from './users/email-verification.routes.js';
import { EmailVerificationService } from './users/email-verification.service.js';
import { PasswordResetRepository } from './users/password-reset.repository.js';
import { passwordResetRoutes } from './users/password-reset.routes.js';
import { PasswordResetService } from './users/password-reset.service.js';
import { userRoutes } from './users/user.routes.js';
import { UserService } from './users/user.service.js';

export interface RestAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Shows a generated admin password to the operator, once (on the terminal, or in a file of DATA_DIR). */
  announceAdminPassword?: (username: string, password: string) => void;
  /** How often to look for a newer release's migrations (tests look more often than the 5 s default). */
  migrationWatchMs?: number;
}

export async function buildRestApp(config: RestConfig, options: RestAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions(options.logger ?? serverLogger(config.logLevel, 'rest'), config.httpTimeouts),
    // Behind the gateway every request comes from its address; the client's own is in x-forwarded-for.
    trustProxy: config.trustedProxies,
    schemaErrorFormatter,
    // Errors raised before routing (a malformed percent-encoding) answer like every other error.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed' : 'Bad request';
      void reply.code(400).send(config.extensions ? { message, code: 'MALFORMED_REQUEST' } : { message });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  drainable(app);
  traceRequests(app, config.trustedProxies);
  logRequests(app, 'rest', (request) => request.currentUser?.id);
  announceBuild('rest');

  try {
    await app.register(databasePlugin, {
      databaseUrl: config.databaseUrl,
      pool: config.pool,
      migrate: config.migrateOnStart,
      migrationWatchMs: options.migrationWatchMs,
    });
    await app.register(httpConventionsPlugin, { errorDetails: config.extensions });
    await app.register(docsPlugin);
    await app.register(demoImagesPlugin);
    const pictures = new PictureService(app.shopDatabase.db);
    await app.register(pictureServingRoutes, { pictures });
    await app.register(healthPlugin);
    await app.register(limitsPlugin, { redisUrl: config.redisUrl, keyPrefix: config.redisPrefix });
    await app.register(tokensPlugin, {
      jwtSecret: config.jwtSecret,
      dataDir: config.dataDir,
      tokenLifetimeSeconds: config.tokenLifetimeSeconds,
    });

    const { db, kind } = app.shopDatabase;
    const userRepository = new UserRepository(db);
    const productRepository = new ProductRepository(db, kind);
    const cartRepository = new CartRepository(db);
    const audit = new AuditRepository(db);
    const inProductTransaction: ProductTransaction = (work) =>
      db.transaction().execute((trx) =>
        work({
          products: new ProductRepository(trx, kind),
          audit: new AuditRepository(trx),
          categories: new CategoryRepository(trx),
        }),
      );
    const products = new ProductService(productRepository, inProductTransaction);
    const catalogueCsv = new CatalogueCsvService(productRepository, new CategoryRepository(db), inProductTransaction);
    const categories = new CategoryService(new CategoryRepository(db), (work) =>
      db
        .transaction()
        .execute((trx) => work({ categories: new CategoryRepository(trx), audit: new AuditRepository(trx) })),
    );
    const settingsRepository = new ShopSettingsRepository(db);
    const settings = new ShopSettingsService(settingsRepository, (work) =>
      db
        .transaction()
        .execute((trx) => work({ settings: new ShopSettingsRepository(trx), audit: new AuditRepository(trx) })),
    );
    const cart = new CartService(cartRepository, productRepository, { lineProducts: config.extensions });
    const addresses = new AddressService(new AddressRepository(db, kind));
    const mailSender = new MailSender(
      new OutboxRepository(db, kind),
      config.mail.smtpUrl
        ? smtpTransport(config.mail.smtpUrl, config.mail.sendTimeoutMs)
        : fileTransport(config.mail.directory),
      config.mail,
      app.log,
    );
    app.decorate('mailSender', mailSender);
    // The account's e-mails (reset and verification links), held to the limit per recipient.
    const accountMailer = new AccountMailer(
      kind,
      config.mail,
      new RecipientLimit(kind, config.limits.emailsPerRecipientPerHour),
      () => mailSender.wake(),
    );
    const verifications = new EmailVerificationService(new EmailVerificationRepository(db), accountMailer, app.log);
    const users = new UserService(userRepository, verifications);
    // Sending once the app is ready (every instance: they share the outbox), stopped before the database closes.
    app.addHook('onReady', async () => {
      app.log.info(
        `mail: ${config.mail.smtpUrl ? `sent through ${new URL(config.mail.smtpUrl).host}` : `written as .eml files to ${config.mail.directory} (no SMTP_URL)`}`,
      );
      mailSender.start();
    });
    const passwordResets = new PasswordResetService(
      new PasswordResetRepository(db, kind),
      accountMailer,
      app.rateLimits.allowance('password-reset-emails', config.limits.passwordResetEmailsPerAccountPerHour, 60 * 60),
      app.log,
      config.mail.pollMs,
    );
    app.decorate('passwordResets', passwordResets);
    app.addHook('onReady', async () => passwordResets.start());
    // The round under way finishes before the sender stops (its e-mails are in the outbox then, for the next start).
    app.addHook('preClose', async () => {
      await passwordResets.stop();
      await mailSender.stop();
    });
    const orderMailer = new OrderMailer(kind, config.mail, () => mailSender.wake());
    const shippingMethods = new ShippingMethodRepository(db);
    const shipping = new ShippingService(shippingMethods, (work) =>
      db
        .transaction()
        .execute((trx) => work({ methods: new ShippingMethodRepository(trx), audit: new AuditRepository(trx) })),
    );
    // Cards through Stripe, where the operator connected the shop to it (STRIPE_*; the plain contract takes none).
    const stripe = config.stripe && config.extensions ? new StripeCards(config.stripe) : undefined;
    const cardPayments =
      stripe &&
      new CardPaymentService(
        stripe,
        new OrderRepository(db),
        orderMailer,
        { url: config.mail.shopUrl, currency: config.mail.currency },
        app.log,
      );
    const orders = new OrderService(
      new OrderRepository(db),
      cartRepository,
      productRepository,
      audit,
      orderMailer,
      // The plain contract has no shipping nor tax: its checkout is priced by its lines alone, as the spec's.
      config.extensions
        ? { shippingMethods: (trx) => new ShippingMethodRepository(trx), taxes: (trx) => new TaxRepository(trx) }
        : undefined,
      cardPayments && { cancelled: (id) => cardPayments.cancelled(id) },
    );
    const tax = new TaxService(new TaxRepository(db), (work) =>
      db.transaction().execute((trx) => work({ taxes: new TaxRepository(trx), audit: new AuditRepository(trx) })),
    );
    const payments = new PaymentService(
      new PaymentRepository(db),
      (work) =>
        db
          .transaction()
          .execute((trx) => work({ payments: new PaymentRepository(trx), audit: new AuditRepository(trx) })),
      cardPayments !== undefined,
    );
    // Orders whose payment did not come in time are cancelled, their stock back (every instance sweeps; each order
    // once). The plain contract takes no payment.
    if (config.extensions) {
      // One round at a time; a close waits for the round under way (it must not outlive the database).
      const sweep = new RepeatingJob(
        async () => {
          const cancelled = await orders.cancelExpiredReservations(new Date(), (id, error) =>
            app.log.error({ err: error, orderId: id }, 'payment: an unpaid order could not be cancelled'),
          );
          if (cancelled.length > 0) {
            orderMailer.wake();
            app.log.info({ orders: cancelled }, `payment: ${cancelled.length} unpaid order(s) cancelled in time`);
          }
          // Card refunds and session expiries a crash or Stripe's outage left undone.
          const card = await cardPayments?.sweep();
          if (card?.refunded || card?.expired)
            app.log.info(card, `payment: ${card.refunded} card refund(s) sent, ${card.expired} session(s) closed`);
        },
        config.paymentSweepMs,
        (error) => app.log.error({ err: error }, 'payment: the sweep of unpaid orders failed'),
      );
      app.addHook('onReady', async () => {
        sweep.start();
        await warnOfStrandedCardPayments(db, config.stripe !== undefined, app.log);
      });
      app.addHook('preClose', async () => {
        await sweep.stop();
        await cardPayments?.settle();
      });
    }
    // Missed messages by e-mail: looked for every minute, by every instance (each digest written once).
    if (config.extensions && config.limits.chatDigestAfterMinutes > 0) {
      const digests = new ChatDigests(db, kind, config.mail, config.limits.chatDigestAfterMinutes, () =>
        mailSender.wake(),
      );
      app.decorate('chatDigests', digests);
      const digestJob = new RepeatingJob(
        async () => {
          const round = await digests.sweep();
          if (round.written > 0) app.log.info(round, `chat: ${round.written} digest(s) of missed messages written`);
        },
        DIGEST_SWEEP_MS,
        (error) => app.log.error({ err: error }, 'chat: the sweep of missed messages failed'),
      );
      app.addHook('onReady', async () => digestJob.start());
      app.addHook('preClose', async () => digestJob.stop());
    }
    const chat = new ChatService(
      new ChatRepository(db),
      userRepository,
      config.limits.chatLinksAfterHours,
      config.extensions ? new ChatBlocksRepository(db) : undefined,
      config.extensions ? new ChatReportsRepository(db, kind) : undefined,
    );
    const chatReports = new ChatReportsService(
      new ChatRepository(db),
      new ChatReportsRepository(db, kind),
      (work) =>
        db.transaction().execute((trx) =>
          work({
            reports: new ChatReportsRepository(trx, kind),
            audit: new AuditRepository(trx),
            outbox: new OutboxRepository(trx, kind),
          }),
        ),
      config.mail,
      () => mailSender.wake(),
    );
    const staffRepository = new StaffRepository(db, kind);
    const staff = new StaffService(
      staffRepository,
      (work) =>
        db.transaction().execute((trx) =>
          work({
            staff: new StaffRepository(trx, kind),
            audit: new AuditRepository(trx),
            twoFactor: new TwoFactorRepository(trx),
          }),
        ),
      config.adminUsername,
    );
    const twoFactor = new TwoFactorService(new TwoFactorRepository(db), (work) =>
      db.transaction().execute((trx) => work(new TwoFactorRepository(trx))),
    );
    // Without the extensions there are no roles of the shop's own (ADMIN, built in, is all there is), and no second
    // factor to ask staff for.
    const authenticate = createAuthenticate(
      app,
      userRepository,
      config.extensions ? staffRepository : undefined,
      config.extensions && config.limits.staffTwoFactorRequired,
    );
    const { extensions } = config;

    await app.register(
      async (api) => {
        await api.register(accountRoutes, {
          prefix: '/auth',
          users,
          limits: app.rateLimits,
          loginAttemptsPerMinute: config.loginAttemptsPerMinute,
          loginAttemptsPerAddressPerMinute: config.limits.loginAttemptsPerAddressPerMinute,
          registrationsPerAddressPerMinute: config.limits.registrationsPerAddressPerMinute,
          extensions,
          ...(extensions ? { twoFactor: { service: twoFactor, users: userRepository } } : {}),
        });
        if (extensions) {
          await api.register(passwordResetRoutes, {
            prefix: '/auth',
            resets: passwordResets,
            limits: app.rateLimits,
            perAddressPerMinute: config.limits.passwordResetsPerAddressPerMinute,
          });
          await api.register(emailVerificationRoutes, {
            prefix: '/auth',
            verifications,
            limits: app.rateLimits,
            perAddressPerMinute: config.limits.passwordResetsPerAddressPerMinute,
          });
        }
        if (stripe && cardPayments)
          await api.register(stripeWebhookRoutes, { prefix: '/payment', stripe, cards: cardPayments });
        await api.register(async (secured) => {
          secured.addHook('onRequest', authenticate);
          // Extension caller-username: every answer to a caller says who the token is, so a client that needs the
          // caller's name (the gateway, for a message's isMine) need not ask for the profile as well.
          if (extensions)
            secured.addHook('onRequest', (request, reply, done) => {
              if (request.currentUser) reply.header('caller-username', request.currentUser.username);
              done();
            });
          await secured.register(userRoutes, {
            prefix: '/users',
            users,
            verifications,
            extensions,
            limits: app.rateLimits,
            passwordAttemptsPerMinute: config.loginAttemptsPerMinute,
          });
          if (extensions) await secured.register(addressRoutes, { prefix: '/users/addresses', addresses });
          if (extensions)
            await secured.register(twoFactorRoutes, {
              prefix: '/users/two-factor',
              twoFactor,
              limits: app.rateLimits,
              attemptsPerMinute: config.loginAttemptsPerMinute,
            });
          await secured.register(productRoutes, {
            prefix: '/products',
            products,
            extensions,
            lowStockThreshold: () => settingsRepository.lowStockThreshold(),
          });
          if (extensions) await secured.register(catalogueCsvRoutes, { prefix: '/products', csv: catalogueCsv });
          if (extensions) await secured.register(pictureRoutes, { prefix: '/pictures', pictures });
          if (extensions) await secured.register(shopSettingsRoutes, { prefix: '/settings', settings });
          if (extensions) await secured.register(categoryRoutes, { prefix: '/categories', categories });
          if (extensions)
            await secured.register(shippingRoutes, {
              prefix: '/shipping-methods',
              shipping,
              cartSubtotalCents: async (userId) =>
                (await cartRepository.lines(userId)).reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
            });
          if (extensions) await secured.register(taxRoutes, { tax });
          if (extensions) await secured.register(staffRoutes, { prefix: '/staff', staff });
          if (extensions) await secured.register(paymentSettingsRoutes, { prefix: '/settings', payments });
          if (cardPayments) await secured.register(cardPaymentRoutes, { prefix: '/orders', cards: cardPayments });
          await secured.register(cartRoutes, { prefix: '/cart', cart, extensions });
          if (extensions) await secured.register(cartChargesRoutes, { prefix: '/cart', orders });
          await secured.register(orderRoutes, {
            prefix: '/orders',
            orders,
            products,
            cart,
            addresses,
            extensions,
            ...(extensions ? { invoices: { currency: config.mail.currency, shopUrl: config.mail.shopUrl } } : {}),
          });
          if (extensions) await secured.register(auditRoutes, { prefix: '/audit-events', audit });
          await secured.register(chatRoutes, {
            prefix: '/chat',
            chat,
            users,
            extensions,
            limits: app.rateLimits,
            messagesPerUserPerMinute: config.limits.messagesPerUserPerMinute,
          });
          if (extensions) await secured.register(chatReportRoutes, { prefix: '/chat', reports: chatReports });
        });
      },
      { prefix: '/api' },
    );

    await app.register(bootstrapPlugin, {
      users,
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
      seedDemo: config.seedDemo,
      announceAdminPassword: options.announceAdminPassword ?? adminPasswordAnnouncer(config.dataDir),
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
