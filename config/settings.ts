// Every setting of the shop, declared once (issue 32): its name, its TypeBox schema (type, default, bounds, choices),
// one line saying what it does, which process reads it and how often an operator needs it. The servers' parsers
// (config/env.ts, rest/src/config.ts, gateway/src/config.ts) take defaults and bounds from here;
// `scripts/settings-reference.ts` writes docs/configuration.md and .env.example from it; the misspelled-setting check
// knows the names from it. A default that depends on something else (the terminal, NODE_ENV, `npm start`) has no
// `default` in its schema: `shown` says it in words, and the code that decides it says why.
import { Type, type TSchema } from 'typebox';

/** Who reads a setting: a server, both, the cluster's supervisor (`npm run cluster`), or the tests and tools. */
export type Reader = 'rest' | 'gateway' | 'both' | 'cluster' | 'tooling';

/**
 * How often an operator sets it: on the first day (the README's short table), when the need arises (`common`), or
 * only to tune the shop or its tests (`tuning`: docs/configuration.md alone).
 */
export type Level = 'first-day' | 'common' | 'tuning';

export interface Setting {
  schema: TSchema;
  readBy: Reader;
  level: Level;
  /** One line: what it does. */
  does: string;
  /** What the one line leaves out, for docs/configuration.md. */
  more?: string;
  /** The default in words, when the schema cannot hold it (it depends on something else). */
  shown?: string;
}

const port = (fallback?: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, ...(fallback === undefined ? {} : { default: fallback }) });
const whole = (fallback: number) => Type.Integer({ minimum: 1, default: fallback });
const flag = (fallback?: boolean) => Type.Boolean(fallback === undefined ? {} : { default: fallback });
const text = (fallback?: string, options: { minLength?: number } = {}) =>
  Type.String({ ...options, ...(fallback === undefined ? {} : { default: fallback }) });
const choice = <const T extends string[]>(values: T, fallback?: T[number]) =>
  Type.Enum(values, fallback === undefined ? {} : { default: fallback });

export const SETTINGS_DECLARED = {
  // Where the servers listen and find each other.
  PORT: {
    schema: port(4000),
    readBy: 'gateway',
    level: 'first-day',
    does: 'the gateway (`/graphql`, `/healthz`, `/images/…`) and the web app',
  },
  HOST: {
    schema: text('localhost'),
    readBy: 'gateway',
    level: 'first-day',
    does: 'the interface the gateway listens on (`0.0.0.0` for every interface)',
  },
  REST_PORT: {
    schema: port(8080),
    readBy: 'rest',
    level: 'common',
    does: 'the REST service (`/api`, `/api/chat`, `/healthz`, `/api/openapi.json`, `/api/docs`)',
  },
  REST_HOST: {
    schema: text('127.0.0.1'),
    readBy: 'rest',
    level: 'common',
    does: 'the interface the REST service listens on: this machine only, unless the gateways run elsewhere',
  },
  REST_URL: {
    schema: text('http://127.0.0.1:8080'),
    readBy: 'gateway',
    level: 'common',
    does: 'where the gateway finds the REST contract',
    shown: '`http://127.0.0.1:8080`; under `npm start` the `REST_PORT` it starts',
  },
  WEB_DIST: {
    schema: text('web/dist'),
    readBy: 'gateway',
    level: 'tuning',
    does: 'the built web app the gateway serves (every other page address gets its `index.html`); empty → none',
  },
  // Deadlines and limits of the gateway.
  REST_TIMEOUT_MS: {
    schema: whole(10_000),
    readBy: 'gateway',
    level: 'common',
    does: "the gateway's deadline for each REST call (the cluster's nginx waits 1 s less on a REST service)",
  },
  REQUEST_TIMEOUT_MS: {
    schema: whole(10_000),
    readBy: 'gateway',
    level: 'common',
    does: "the gateway's deadline for a whole query or mutation, all its REST calls together until it answers, cut within 0.1 s of it (the cluster's nginx waits 5 s more)",
  },
  UPSTREAM_CALLS_PER_OPERATION: {
    schema: whole(100),
    readBy: 'gateway',
    level: 'tuning',
    does: 'REST calls one GraphQL operation (or subscription event) may make; beyond, `OPERATION_TOO_LARGE`',
  },
  COST_ALLOWANCE: {
    schema: whole(10_000),
    readBy: 'gateway',
    level: 'common',
    does: 'cost points each caller (a user, or an address without a token) may spend at once; beyond, 429 `THROTTLED`',
    more: "Every GraphQL operation is priced before it runs (about the objects its answer may hold, at least 1) and takes its price from its user's allowance, or its client address's without a token the shop accepted; one costing more than is left is refused with 429 `THROTTLED`, `Retry-After` and `RateLimit` headers (docs/graph.md). Shared by every gateway with `REDIS_URL`. Never below an operation's own limit of 5,000 if the largest operations are to run.",
  },
  COST_REFILL_PER_SECOND: {
    schema: whole(500),
    readBy: 'gateway',
    level: 'common',
    does: 'cost points that come back to each allowance every second, up to `COST_ALLOWANCE`',
  },
  SOCKET_OPERATIONS_PER_SECOND: {
    schema: whole(20),
    readBy: 'gateway',
    level: 'tuning',
    does: 'operations one subscription socket may start a second (bursts of twice that); beyond, `TOO_MANY_REQUESTS`',
  },
  SUBSCRIPTIONS_PER_SOCKET: {
    schema: whole(10),
    readBy: 'gateway',
    level: 'tuning',
    does: 'live subscriptions one socket may hold (the web app holds 3); beyond, `TOO_MANY_SUBSCRIPTIONS`',
    more: "One event's REST calls for all of a socket's subscriptions share one `UPSTREAM_CALLS_PER_OPERATION` budget.",
  },
  SOCKETS_PER_USER: {
    schema: whole(10),
    readBy: 'gateway',
    level: 'tuning',
    does: 'subscription sockets one user may hold open (on all gateways with `REDIS_URL`); beyond, closed with 1013',
  },
  SESSION_RECHECK_SECONDS: {
    schema: Type.Number({ exclusiveMinimum: 0, default: 300 }),
    readBy: 'gateway',
    level: 'tuning',
    does: 'how often the token of every open socket is checked again',
    more: "A password change or account deletion through the gateway ends the user's sockets at once, and before each `orderUpdated` or `messageAdded` is delivered the socket's token is asked about, so one revoked at the REST service alone gets nothing more and is closed.",
  },
  // What the graph runs and keeps.
  PERSISTED_QUERIES_TTL_SECONDS: {
    schema: whole(86_400),
    readBy: 'gateway',
    level: 'tuning',
    does: "how long an automatic persisted query is kept (in Redis with `REDIS_URL`, else in each gateway's memory)",
  },
  PERSISTED_QUERIES_MAX: {
    schema: whole(5000),
    readBy: 'gateway',
    level: 'tuning',
    does: 'automatic persisted queries kept in Redis at most; one more drops the oldest',
  },
  PERSISTED_DOCUMENTS: {
    schema: text('web/src/gql/persisted-documents.json,gateway/public-documents.json'),
    readBy: 'gateway',
    level: 'common',
    does: "the trusted documents' manifests (comma-separated; add a client's own to the two the shop writes)",
    more: "Each manifest is a JSON object of SHA-256 → document text, as `npm run codegen` writes the web app's and the public operations docs/graph.md publishes, so that other clients can log in and shop under any `TRUSTED_DOCUMENTS`; they are answered by hash alone, from the start. A missing file or an entry whose key is not its text's hash stops the gateway at start in one line.",
  },
  TRUSTED_DOCUMENTS: {
    schema: choice(['off', 'anonymous', 'everyone'], 'off'),
    readBy: 'gateway',
    level: 'common',
    does: 'which other documents run: `off` any, `anonymous` only for a token REST accepted, `everyone` none (docs/graph.md)',
    more: '`off`: other clients keep working. `anonymous`: the REST service is asked about the caller\'s token before anything runs; callers without one, or with a token it refuses, get `PERSISTED_QUERY_NOT_IN_LIST`. `everyone`: the graph runs only its own clients\' operations and the public ones (docs/graph.md, "Public operations, and what runs under each setting").',
  },
  CATALOGUE_CACHE: {
    schema: flag(true),
    readBy: 'gateway',
    level: 'common',
    does: "each gateway keeps answers to catalogue-only queries, emptied by every product change's event; false → asks REST",
  },
  CATALOGUE_CACHE_TTL_SECONDS: {
    schema: whole(10),
    readBy: 'gateway',
    level: 'tuning',
    does: 'the longest a kept catalogue answer, or what REST said of a token, is believed without asking again',
    more: 'A token REST accepted (or refused) is believed this long by the catalogue cache and by `TRUSTED_DOCUMENTS=anonymous`, even with `CATALOGUE_CACHE=false`: it is how long a change made straight at the REST service, or a session ended there, may go unseen.',
  },
  CATALOGUE_CACHE_MAX_MB: {
    schema: whole(32),
    readBy: 'gateway',
    level: 'tuning',
    does: 'memory the kept catalogue answers may take in one gateway; the least recently used go first',
  },
  GRAPHQL_JIT: {
    schema: flag(true),
    readBy: 'gateway',
    level: 'tuning',
    does: 'queries and mutations over HTTP run compiled by graphql-jit; false → graphql-js runs them (gateway/README.md)',
  },
  GRAPHQL_JIT_COMPILE_AFTER: {
    schema: Type.Integer({ minimum: 0, default: 1 }),
    readBy: 'gateway',
    level: 'tuning',
    does: 'runs of an operation on graphql-js before graphql-jit compiles it: with 1 a one-off document is never compiled; 0 compiles at the first',
  },
  // Browsers and proxies.
  GRAPHQL_INTROSPECTION: {
    schema: flag(true),
    readBy: 'gateway',
    level: 'common',
    does: "introspection (client developers' tools); false also turns both explorers off",
  },
  GRAPHQL_SANDBOX: {
    schema: flag(),
    readBy: 'gateway',
    level: 'common',
    does: "Apollo Sandbox on `GET /graphql` in a browser; its scripts come from Apollo's CDN, so off in production",
    shown: 'true, but false with `NODE_ENV=production`',
    more: "Its scripts would run on the shop's own origin, where the session token lives; turn it on for a staging shop.",
  },
  GRAPHQL_EXPLORER: {
    schema: flag(true),
    readBy: 'gateway',
    level: 'common',
    does: "GraphiQL at `/graphiql`, served from the shop's own origin (production too); false → 404",
    more: 'Served only while `GRAPHQL_INTROSPECTION` is on; nothing comes from a CDN, so it works offline. Where no Sandbox is served, a browser opening `/graphql` is redirected (302) there. It never stores a header, so a pasted token is gone with a reload (its tabs and history last as long as the browser tab).',
  },
  HSTS: {
    schema: flag(false),
    readBy: 'gateway',
    level: 'first-day',
    does: "true → TLS is in front: `Strict-Transport-Security` for a year, and the web app's requests upgraded to https",
  },
  CORS_ORIGINS: {
    schema: text(''),
    readBy: 'gateway',
    level: 'common',
    does: 'origins (comma-separated, `https://partner.example`) whose pages may call the graph from a browser',
    shown: 'none',
  },
  TRUSTED_PROXIES: {
    schema: text('127.0.0.1,::1,::ffff:127.0.0.1'),
    readBy: 'both',
    level: 'first-day',
    does: "addresses or CIDR ranges whose `x-forwarded-for` is believed: REST's gateways, a gateway's nginx",
    more: 'Believed over HTTP and for sockets; anyone else is counted at their own address, whatever they claim. An entry that is neither an address nor a range (`locahost`, `10.0.0.0/33`) stops the start in one line. Under `npm start` the REST service also always believes this machine (its gateway).',
  },
  // Both servers' connections.
  RECEIVE_TIMEOUT_MS: {
    schema: whole(10_000),
    readBy: 'both',
    level: 'tuning',
    does: "a request's headers and body must arrive within this, else 408 and the connection is closed",
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    schema: whole(5000),
    readBy: 'both',
    level: 'tuning',
    does: 'an idle kept-alive connection is closed after this (a proxy in front must close its idle ones sooner)',
  },
  CONNECTION_TIMEOUT_MS: {
    schema: whole(30_000),
    readBy: 'both',
    level: 'tuning',
    does: 'a connection on which nothing moves for this long is closed (WebSockets excepted)',
  },
  SHUTDOWN_GRACE_MS: {
    schema: whole(15_000),
    readBy: 'both',
    level: 'common',
    does: 'after SIGTERM or SIGINT, how long in-flight work may take before what is left is closed (systemd waits 25 s)',
    more: 'The server also waits for its clients to close their connections; a second signal within 2 s counts as the same one, a later one stops at once. The systemd units wait 25 s for a stop: raise their `TimeoutStopSec` with it.',
  },
  // The database and its secrets.
  DATA_DIR: {
    schema: text('./data'),
    readBy: 'rest',
    level: 'first-day',
    does: 'generated secrets (the JWT key, the admin password), the SQLite file and unsent e-mails without `SMTP_URL`',
  },
  DATABASE_URL: {
    schema: text(),
    readBy: 'rest',
    level: 'first-day',
    does: '`file:PATH` → SQLite; `postgres://user:pass@host:5432/db` → PostgreSQL',
    shown: '`file:$DATA_DIR/shop.db`',
  },
  PG_POOL_SIZE: {
    schema: whole(10),
    readBy: 'rest',
    level: 'common',
    does: 'PostgreSQL connections per REST service',
  },
  PG_CONNECT_TIMEOUT_MS: {
    schema: whole(5000),
    readBy: 'rest',
    level: 'tuning',
    does: 'how long a query may wait for a PostgreSQL connection (a busy pool included) before it fails',
  },
  PG_STATEMENT_TIMEOUT_MS: {
    schema: whole(10_000),
    readBy: 'rest',
    level: 'tuning',
    does: 'how long one statement may run before PostgreSQL cancels it',
  },
  MIGRATE_ON_START: {
    schema: flag(true),
    readBy: 'rest',
    level: 'common',
    does: 'the REST service migrates its database at start; false → it refuses one that is behind (`npm run migrate`)',
    more: 'Instances starting together migrate it once.',
  },
  SEED_DEMO: {
    schema: flag(false),
    readBy: 'rest',
    level: 'common',
    does: 'demo products with local images, loaded once into an empty database',
    shown: 'true under `npm start` and `npm run cluster`, else false',
    more: 'Not loaded again after an admin deleted the products; instances starting together load it once.',
  },
  REST_EXTENSIONS: {
    schema: flag(true),
    readBy: 'rest',
    level: 'tuning',
    does: 'false → only the plain contract of spec §7, none of the extensions of DESIGN §4',
  },
  JWT_SECRET: {
    schema: text(undefined, { minLength: 32 }),
    readBy: 'rest',
    level: 'first-day',
    does: 'the token signing key (at least 32 characters), shared by every REST service',
    shown: 'generated once into `DATA_DIR/jwt-secret`',
  },
  ADMIN_USERNAME: {
    schema: text('admin'),
    readBy: 'rest',
    level: 'common',
    does: 'the admin account ensured at every start',
  },
  ADMIN_PASSWORD: {
    schema: text(undefined, { minLength: 3 }),
    readBy: 'rest',
    level: 'first-day',
    does: "the admin's password; a changed one resets it",
    shown: 'random, printed once',
    more: 'A regular account holding `ADMIN_USERNAME` is taken over only with `ADMIN_PASSWORD` (otherwise the REST service refuses to start). Without it the generated password is shown on a terminal, or else written to `DATA_DIR/admin-password`. A changed one also turns the admin account’s second factor off: the way back in for an owner who lost their phone and recovery codes.',
  },
  // Redis.
  REDIS_URL: {
    schema: text(),
    readBy: 'both',
    level: 'first-day',
    does: 'set → events, limits, socket counts, allowances and persisted queries shared by every instance',
    shown: 'unset',
    more: "Set: subscriptions fan out across gateway instances, the REST service's limits (logins, registrations, messages), the sockets per user and the cost allowances count across all instances, and persisted queries are shared. While Redis is unreachable each instance counts on its own (the limits hold per instance) and says so once in its log.",
  },
  REDIS_CHANNEL_PREFIX: {
    schema: text('medshop:'),
    readBy: 'both',
    level: 'common',
    does: "this shop's Redis channels and keys; shops sharing one Redis need their own",
  },
  // The REST service's limits.
  LOGIN_ATTEMPTS_PER_MINUTE: {
    schema: whole(10),
    readBy: 'rest',
    level: 'common',
    does: 'failed logins per username and client address per minute, then 429 for a minute, doubling while locked',
    more: "A success clears the count; the lock is 1 minute (`TOO_MANY_ATTEMPTS` in the graph), doubling with each attempt while locked, at most 15 minutes; a stranger's guesses elsewhere do not lock the owner out.",
  },
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: {
    schema: whole(30),
    readBy: 'rest',
    level: 'common',
    does: 'logins from one client address per minute, whatever the usernames',
  },
  REGISTRATIONS_PER_ADDRESS_PER_MINUTE: {
    schema: whole(5),
    readBy: 'rest',
    level: 'common',
    does: 'new accounts from one client address per minute',
  },
  PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: {
    schema: whole(5),
    readBy: 'rest',
    level: 'common',
    does: '"Forgot password?" requests and resets (and, counted apart, verification links) from one address per minute',
  },
  PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR: {
    schema: whole(3),
    readBy: 'rest',
    level: 'common',
    does: 'reset e-mails one account gets per hour; further requests are answered alike and send nothing',
  },
  EMAILS_PER_RECIPIENT_PER_HOUR: {
    schema: whole(5),
    readBy: 'rest',
    level: 'common',
    does: 'e-mails of one kind (reset links, verification links) one address gets per hour, whatever accounts have it',
    more: 'Beyond, none is written (logged as a warning), and "Send the link again" answers 429 with the wait. Order e-mails, which go only to a verified address about its owner\'s own orders, are not held to it.',
  },
  MESSAGES_PER_USER_PER_MINUTE: {
    schema: whole(60),
    readBy: 'rest',
    level: 'common',
    does: 'chat messages one user may send per minute',
  },
  CHAT_LINKS_AFTER_HOURS: {
    schema: Type.Integer({ minimum: 0, maximum: 8760, default: 24 }),
    readBy: 'rest',
    level: 'common',
    does: 'how old an account must be before the web addresses in its chat messages show as links (0: every account)',
    more: "A message keeps what it was sent as: one sent by a younger account shows its addresses as plain text for good, so a spammer's fresh account cannot make them clickable by waiting.",
  },
  CHAT_DIGEST_AFTER_MINUTES: {
    schema: Type.Integer({ minimum: 0, maximum: 1440, default: 30 }),
    readBy: 'rest',
    level: 'common',
    does: 'how long a chat message waits unread before its recipient is e-mailed a digest of the room (0: never)',
    more: 'One e-mail per room and wait ("3 new messages from anna"), never one per message and never their text; only to a verified address with e-mail notifications on, and not about someone the recipient blocked. Looked for every minute.',
  },
  STAFF_TWO_FACTOR_REQUIRED: {
    schema: flag(false),
    readBy: 'rest',
    level: 'common',
    does: 'every account holding a staff permission must sign in with a second factor (an authenticator app); until it turns one on, its permissions count as none',
    more: 'Nobody is locked out: a staff member without one still signs in, as a shopper, and the profile asks them to turn it on; their staff screens come back the moment they do. Shoppers may turn it on whatever this says.',
  },
  // E-mail and money.
  SMTP_URL: {
    schema: text(),
    readBy: 'rest',
    level: 'first-day',
    does: 'the mail server (`smtp://user:password@mail.example:587`, `smtps://` for TLS); unset → `.eml` files in `DATA_DIR/mail/`',
    shown: 'unset',
    more: "A password's special characters percent-encoded. Unset, each e-mail is an `.eml` file and `npm start` says where. Anything but an smtp(s) URL with a host is refused at start.",
  },
  MAIL_FROM: {
    schema: text('Medshop <shop@localhost>'),
    readBy: 'rest',
    level: 'first-day',
    does: 'the sender every e-mail names',
  },
  SHOP_URL: {
    schema: text(),
    readBy: 'rest',
    level: 'first-day',
    does: 'where people open the shop: the links in e-mails',
    shown: '`http://localhost:$PORT`',
  },
  SHOP_CURRENCY: {
    schema: text('USD'),
    readBy: 'both',
    level: 'first-day',
    does: 'the ISO 4217 currency of every amount; one with two minor digits (USD, EUR, GBP…)',
  },
  MAIL_POLL_MS: {
    schema: whole(2000),
    readBy: 'rest',
    level: 'tuning',
    does: 'how often each REST service looks for e-mails to send and reset requests to carry out',
  },
  MAIL_RETRY_BASE_MS: {
    schema: whole(30_000),
    readBy: 'rest',
    level: 'tuning',
    does: 'the wait after a failed delivery; it doubles each time, at most an hour',
  },
  MAIL_MAX_ATTEMPTS: {
    schema: whole(8),
    readBy: 'rest',
    level: 'tuning',
    does: "attempts before an e-mail is given up on (a mail server's 5xx at once)",
  },
  MAIL_SEND_TIMEOUT_MS: {
    schema: whole(60_000),
    readBy: 'rest',
    level: 'tuning',
    does: 'the longest one step of a delivery may take',
    more: 'Connecting, the greeting, a silent server; an instance that dies while sending holds that e-mail back for twice this.',
  },
  STRIPE_SECRET_KEY: {
    schema: text(),
    readBy: 'rest',
    level: 'common',
    does: 'set with `STRIPE_WEBHOOK_SECRET` → checkout takes cards through Stripe Checkout (`sk_test_…` for test mode)',
    shown: 'unset: no card payments',
    more: "Stripe's dashboard, Developers → API keys. A restricted key (`rk_…`) needs write access to Checkout Sessions and Refunds. Without both Stripe settings the card method is simply not offered; one without the other is refused at start.",
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: text(),
    readBy: 'rest',
    level: 'common',
    does: "the signing secret (`whsec_…`) of the webhook endpoint `SHOP_URL/api/payment/stripe-webhook` in Stripe's dashboard",
    shown: 'unset: no card payments',
    more: 'Subscribe the endpoint to `checkout.session.completed` and `checkout.session.async_payment_succeeded`: an order is marked paid by them alone. The gateway passes the path through to the REST service; locally, `stripe listen --forward-to localhost:4000/api/payment/stripe-webhook` prints a secret to use.',
  },
  STRIPE_API_URL: {
    schema: text(),
    readBy: 'rest',
    level: 'tuning',
    does: "where the Stripe SDK sends its calls, instead of Stripe's own API (the tests' stand-in of it)",
    shown: 'unset: `https://api.stripe.com`',
  },
  PAYMENT_SWEEP_MS: {
    schema: whole(30_000),
    readBy: 'rest',
    level: 'tuning',
    does: 'how often each REST service cancels the orders whose payment did not come in time, their stock back',
    more: 'Each such order once, however many instances sweep at the same moment; audited as `system`. The same round sends Stripe the card refunds it has not taken yet.',
  },
  // Watching it run.
  METRICS_PORT: {
    schema: port(),
    readBy: 'both',
    level: 'first-day',
    does: "set → Prometheus metrics at `/metrics` on this port, never on the shop's own",
    shown: 'unset',
    more: 'Under `npm start` one endpoint for both parts; `start:rest` and `start:gateway` each their own (README, Metrics).',
  },
  METRICS_HOST: {
    schema: text('127.0.0.1'),
    readBy: 'both',
    level: 'common',
    does: 'the interface the metrics endpoint listens on (`0.0.0.0` for a Prometheus elsewhere)',
  },
  LOG_LEVEL: {
    schema: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    readBy: 'both',
    level: 'common',
    does: "pino's level; health probes and the web app's files are logged at `debug`",
    more: 'Anything else stops the start in one line. Every line carries the request id (`x-request-id`, passed from gateway to REST); each server writes one line per request.',
  },
  LOG_FORMAT: {
    schema: choice(['json', 'pretty']),
    readBy: 'both',
    level: 'common',
    does: '`json` → one JSON object a line, for collectors; `pretty` → one readable line an entry',
    shown: 'pretty on a terminal, else json',
  },
  NODE_ENV: {
    schema: text(),
    readBy: 'both',
    level: 'common',
    does: '`production` → no stack traces, upstream details or field suggestions in answers, no Sandbox',
    shown: '`production` under `npm start`, `start:rest`, `start:gateway`; development under `npm run dev`',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    schema: text(),
    readBy: 'both',
    level: 'common',
    does: 'set → traces sent over OTLP/HTTP to this collector (`http://collector:4318`; `/v1/traces` is added)',
    shown: 'unset: no tracing',
  },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: {
    schema: text(),
    readBy: 'both',
    level: 'tuning',
    does: "OpenTelemetry's own: the traces' endpoint in full (nothing added), instead of the one above",
    shown: 'unset',
  },
  OTEL_EXPORTER_OTLP_PROTOCOL: {
    schema: choice(['http/protobuf', 'http/json'], 'http/protobuf'),
    readBy: 'both',
    level: 'common',
    does: 'the OTLP encoding; gRPC is refused at start',
  },
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: {
    schema: choice(['http/protobuf', 'http/json']),
    readBy: 'both',
    level: 'tuning',
    does: "OpenTelemetry's own: the traces' protocol, instead of the one above",
    shown: '`OTEL_EXPORTER_OTLP_PROTOCOL`',
  },
  OTEL_SERVICE_NAME: {
    schema: text(),
    readBy: 'both',
    level: 'common',
    does: 'the service the spans are filed under (read by the SDK, as its other `OTEL_*` variables)',
    shown: '`medshop` under `npm start`, else `medshop-rest`, `medshop-gateway`',
    more: "OpenTelemetry's other variables are read by its SDK as documented there: `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER` (default: every trace, or the caller's choice in its `traceparent`), `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_BSP_SCHEDULE_DELAY` (5000 ms).",
  },
  OTEL_SDK_DISABLED: {
    schema: flag(false),
    readBy: 'both',
    level: 'tuning',
    does: "OpenTelemetry's own: true → no tracing, whatever the endpoint",
  },
  OTEL_TRACES_EXPORTER: {
    schema: text('otlp'),
    readBy: 'both',
    level: 'tuning',
    does: "OpenTelemetry's own: `none` → no tracing, whatever the endpoint",
  },
  // `npm run cluster` (deploy/cluster.mjs, plain JavaScript: settings.test.ts checks its defaults against these).
  CLUSTER_PORT: {
    schema: Type.Integer({ minimum: 1, maximum: 65535 - 94, default: 8000 }),
    readBy: 'cluster',
    level: 'common',
    does: "nginx's public port; the cluster's other ports count from it (+1, +2 gateways, +80 to +82 REST, +90 to +94 metrics)",
  },
  CLUSTER_HOST: {
    schema: text('127.0.0.1'),
    readBy: 'cluster',
    level: 'common',
    does: 'the public address nginx listens on',
  },
  CLUSTER_DIR: {
    schema: text('data/cluster'),
    readBy: 'cluster',
    level: 'common',
    does: "nginx's configuration, the supervisor's pid and every log (`logs/<part>.log`)",
  },
  NGINX: {
    schema: text('nginx'),
    readBy: 'cluster',
    level: 'common',
    does: 'the nginx the cluster runs',
  },
  // The tests and the tools around the shop.
  TEST_DATABASE: {
    schema: choice(['sqlite', 'postgres'], 'sqlite'),
    readBy: 'tooling',
    level: 'tuning',
    does: 'the database the `rest` test suite runs on (`npm run test:postgres` sets postgres)',
  },
  TEST_POSTGRES_URL: {
    schema: text('postgres://postgres@127.0.0.1:5432/postgres'),
    readBy: 'tooling',
    level: 'tuning',
    does: "PostgreSQL's admin connection the tests and the bench make and drop their databases with",
  },
  CHROMIUM_PATH: {
    schema: text('/usr/bin/chromium'),
    readBy: 'tooling',
    level: 'tuning',
    does: 'the Chromium `npm run screenshots`, the journeys and the bench drive',
  },
  WEB_DEV_PORT: {
    schema: port(5173),
    readBy: 'tooling',
    level: 'tuning',
    does: "`npm run dev`: the port of Vite's dev server",
  },
  GATEWAY_URL: {
    schema: text(),
    readBy: 'tooling',
    level: 'tuning',
    does: '`npm run dev`: the gateway Vite passes `/graphql` and `/images` on to',
    shown: '`http://127.0.0.1:$PORT`',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS_DECLARED;

/** Every name, in the declaration's order. */
export const SETTING_NAMES = Object.keys(SETTINGS_DECLARED) as SettingName[];

export const declared = (name: SettingName): Setting => SETTINGS_DECLARED[name];

/** The schema's default, when it has one. */
export function declaredDefault(name: SettingName): unknown {
  return (SETTINGS_DECLARED[name].schema as { default?: unknown }).default;
}
