// What every journey needs: the real shop (REST service on a throw-away SQLite file with the demo catalogue, the
// gateway serving the built web app), people in their own browser contexts, and a way to look at a screen: a
// screenshot at 375 and 1280 px kept under test-results/ and an axe-core check at both widths.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import { WEB_DIST } from '../../../scripts/web-build.js';
import { type RestService, ADMIN_PASSWORD, ADMIN_USERNAME, startRestService } from '../../helpers/rest-service.js';
import { freePort } from '../../helpers/server-process.js';
import { type Gateway, startGateway } from '../../helpers/shop.js';
import { launchChromium } from './chromium.js';

export { ADMIN_PASSWORD, ADMIN_USERNAME };

export const ARTIFACTS_DIR = path.resolve('test-results', 'journeys');
const WIDTHS = [375, 1280] as const;
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface JourneyShop {
  /** http://127.0.0.1:port, where people open the shop. */
  origin: string;
  rest: RestService;
  gateway: Gateway;
  /** Stops the REST service; the gateway stays up and answers what it can. */
  stopRest(): Promise<void>;
  /** Starts the REST service again on the same port and data. */
  startRest(): Promise<void>;
  /** Stops the gateway; people's sockets drop. */
  stopGateway(): Promise<void>;
  /** Starts the gateway again at the same address. */
  startGateway(): Promise<void>;
  close(): Promise<void>;
}

export interface JourneyShopOptions {
  /** The shop's admin account's name (ADMIN_USERNAME); `admin` unless told. */
  adminUsername?: string;
  /** More settings of the REST service (STAFF_TWO_FACTOR_REQUIRED, say). */
  restSettings?: NodeJS.ProcessEnv;
  /** Introspection, and with it the graph explorer at /graphiql: off unless told (the shop's screens need neither). */
  introspection?: boolean;
  /**
   * The mail server the shop sends through (SMTP_URL), asked for when the shop starts (a test starts its server in its
   * own beforeAll); the e-mails' links then lead to this shop (SHOP_URL).
   */
  smtpUrl?: () => string;
  /**
   * A stand-in of Stripe the shop takes cards through (its STRIPE_* settings), asked for when the shop starts; Stripe's
   * page then sends the buyer back to this shop (SHOP_URL).
   */
  stripe?: () => Record<string, string>;
}

export async function startJourneyShop(options: JourneyShopOptions = {}): Promise<JourneyShop> {
  // With e-mails or Stripe, the gateway's port is chosen first, so that their links can name it. Without, the gateway
  // takes one the system gives it as it listens: a port chosen first may be taken by another file's server meanwhile.
  let gatewayPort = options.smtpUrl || options.stripe ? await freePort() : undefined;
  const restEnv: NodeJS.ProcessEnv = {
    ...options.restSettings,
    ...(options.adminUsername ? { ADMIN_USERNAME: options.adminUsername } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl(), MAIL_POLL_MS: '100' } : {}),
    ...(options.stripe ? options.stripe() : {}),
    ...(gatewayPort === undefined ? {} : { SHOP_URL: `http://127.0.0.1:${gatewayPort}` }),
  };
  let rest = await startRestService({ seedDemo: true, listen: true, env: restEnv });
  const restPort = Number(new URL(rest.url).port);
  // Only the web app's persisted documents run: every operation a journey makes must be one, sent by its hash. A
  // client developer's journey (the explorer) writes its own documents: it runs them all.
  const trustedDocuments = options.introspection ? 'off' : 'everyone';
  // No Apollo Sandbox (it loads from Apollo's CDN): as in production, a browser opening /graphql goes to GraphiQL.
  const gatewayEnv = {
    WEB_DIST,
    GRAPHQL_INTROSPECTION: String(options.introspection ?? false),
    GRAPHQL_SANDBOX: 'false',
    TRUSTED_DOCUMENTS: trustedDocuments,
  };
  let gateway = await startGateway(rest.url, { env: gatewayEnv, port: gatewayPort });
  // A restarted gateway comes back where the browser knows it.
  gatewayPort = Number(new URL(gateway.url).port);
  let restRunning = true;
  let gatewayRunning = true;
  const shop: JourneyShop = {
    origin: new URL(gateway.url).origin,
    rest,
    gateway,
    async stopRest() {
      await rest.close({ keepData: true });
      restRunning = false;
    },
    async startRest() {
      rest = await startRestService({
        reuse: { databaseUrl: rest.databaseUrl, dataDir: rest.dataDir },
        listen: true,
        port: restPort,
        env: restEnv,
      });
      shop.rest = rest;
      restRunning = true;
    },
    async stopGateway() {
      await gateway.close();
      gatewayRunning = false;
    },
    async startGateway() {
      gateway = await startGateway(rest.url, { env: gatewayEnv, port: gatewayPort });
      shop.gateway = gateway;
      gatewayRunning = true;
    },
    async close() {
      if (gatewayRunning) await gateway.close();
      if (restRunning) await rest.close({ keepData: true });
      await rest.dropData();
    },
  };
  return shop;
}

export interface Person {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: a journey ends with none. */
  pageErrors: string[];
  /**
   * What the shop's Content-Security-Policy refused, and pages of the shop sent without one: a journey ends with none.
   */
  policyProblems: string[];
  /** Operations the page sent with their text, over HTTP or the socket: the app sends only hashes, so none. */
  documentTexts: string[];
}

/** Reported by the page itself, so that no refusal of the policy goes unseen. */
const REPORT_POLICY_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('CSP violation: ' + event.violatedDirective + ' refused ' + (event.blockedURI || 'inline') + ' on ' + location.pathname);
});`;

let peopleOpened = 0;

/**
 * Where a person's browser says they are: its languages (navigator.languages, the first given as `locale`) and its
 * time zone. A new account registered in the web app starts with them; unless told, a browser in US English and UTC
 * (the shop's own defaults), whatever the machine running the journey is set to.
 */
export interface PersonLocale {
  locale?: string;
  timezoneId?: string;
}

/** A person with their own browser (cookies, storage, socket), looking at the shop at `width` px. */
export async function openPerson(
  browser: Browser,
  shop: JourneyShop,
  width: number = 1280,
  { locale = 'en-US', timezoneId = 'UTC' }: PersonLocale = {},
): Promise<Person> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: shop.origin,
    locale,
    timezoneId,
  });
  context.setDefaultTimeout(20_000);
  await context.addInitScript(REPORT_POLICY_VIOLATIONS);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const policyProblems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /CSP violation|Content Security Policy/.test(message.text()))
      policyProblems.push(message.text());
  });
  // Every page of the shop comes with the strict policy (else no violation could be seen at all). A redirect is no
  // page: nothing of it is shown or run (a link to /graphql, sent on to /graphiql).
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document' || !response.url().startsWith(shop.origin)) return;
    if (response.status() >= 300 && response.status() < 400) return;
    if (!/script-src 'self'/.test(response.headers()['content-security-policy'] ?? ''))
      policyProblems.push(`no Content-Security-Policy on ${response.url()}`);
  });
  // The app sends each operation as its persisted document's hash: any text sent is recorded (not the explorer's, at
  // /graphiql, which sends what the developer writes, nor a link to /graphql opened in the browser, which the shop
  // sends on to the explorer).
  const documentTexts: string[] = [];
  const inTheApp = () => !new URL(page.url(), shop.origin).pathname.startsWith('/graphiql');
  page.on('request', (request) => {
    if (!request.url().startsWith(`${shop.origin}/graphql`) || !inTheApp() || request.isNavigationRequest()) return;
    const query =
      request.method() === 'GET'
        ? new URL(request.url()).searchParams.get('query')
        : (request.postDataJSON() as { query?: string } | null)?.query;
    if (query) documentTexts.push(query);
  });
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const message =
        typeof payload === 'string'
          ? (JSON.parse(payload) as { type?: string; payload?: { query?: string } })
          : undefined;
      if (message?.type === 'subscribe' && message.payload?.query && inTheApp())
        documentTexts.push(message.payload.query);
    }),
  );
  // What the person was looking at when the journey failed, for whoever reads the failure.
  const person = ++peopleOpened;
  onTestFailed(async ({ task }) => {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const name = `FAILED-${task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}-person${person}.png`;
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true }).catch(() => undefined);
  });
  return { context, page, pageErrors, policyProblems, documentTexts };
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('/');
}

/** Registers through the REST service (when the journey is not about registering) and logs in in the browser. */
export async function registerAndLogIn(
  shop: JourneyShop,
  page: Page,
  username: string,
  password = 'secret-pass',
): Promise<void> {
  await shop.rest.register(username, password);
  await logIn(page, username, password);
}

/** A shipping address in parts, as checkout's new address (and the profile's address book) takes it. */
export interface TypedAddress {
  name: string;
  line1: string;
  city: string;
  postalCode?: string;
  /** ISO 3166 alpha-2: GB unless given, whatever the browser's language. */
  country?: string;
}

/**
 * Types a new address into checkout, choosing "A new address" first when there are addresses to choose from; kept in
 * the address book unless `save` is false. Answers the address as it prints (the order's shipping address).
 */
export async function typeShippingAddress(page: Page, address: TypedAddress, { save = true } = {}): Promise<string> {
  // Loaded first: the choices are there with the form, or there are none.
  await page.getByRole('button', { name: /^(Place Order|Processing\.\.\.)$/ }).waitFor();
  const newAddress = page.getByRole('radio', { name: 'A new address' });
  if (await newAddress.count()) await newAddress.check();
  const typed = page.getByRole('group', { name: 'New shipping address' });
  await typed.getByLabel(/^Name/).fill(address.name);
  await typed.getByLabel(/^Address line 1/).fill(address.line1);
  await typed.getByLabel(/^Postal code/).fill(address.postalCode ?? '');
  await typed.getByLabel(/^City/).fill(address.city);
  const country = address.country ?? 'GB';
  await typed.getByLabel(/^Country/).selectOption(country);
  await typed.getByLabel('Save this address in my address book').setChecked(save);
  const countryName = new Intl.DisplayNames(['en'], { type: 'region' }).of(country);
  return [address.name, address.line1, [address.postalCode, address.city].filter(Boolean).join(' '), countryName].join(
    '\n',
  );
}

/**
 * A new buyer on a phone with one Digital Thermometer (a demo product) in their cart, at checkout with `address`
 * typed (not saved); with their token, for reading their orders as the shop keeps them.
 */
export async function buyerAtCheckout(
  browser: Browser,
  shop: JourneyShop,
  username: string,
  address: TypedAddress,
): Promise<{ buyer: Person; token: string }> {
  const buyer = await openPerson(browser, shop, 375);
  await registerAndLogIn(shop, buyer.page, username);
  const token = await shop.rest.login(username, 'secret-pass');
  const products = (await shop.rest.request('GET', '/api/products', { token })).body as { id: number; name: string }[];
  const thermometer = products.find((each) => each.name === 'Digital Thermometer')!;
  await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: thermometer.id, quantity: 1 } });
  await buyer.page.goto('/checkout');
  await typeShippingAddress(buyer.page, address, { save: false });
  return { buyer, token };
}

/**
 * axe-core run in the page as it is now: its violations. axe-core's own API, injected once per document, not through
 * @axe-core/playwright, whose every check injected axe-core again and finished the run in a new blank page: three
 * quarters of a journey's time went there (a screen's check took 0.4 to 1.7 s; now 0.03 to 0.3). The shop's pages
 * have no frames, and a page that had one is refused, not half checked (axe-core would wait for a frame's answer).
 */
export async function axeViolations(page: Page, options: RunOptions): Promise<AxeResults['violations']> {
  expect(page.frames(), 'a frame axe-core would not look into').toHaveLength(1);
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(AXE_SOURCE);
  const runOptions = JSON.stringify({ ...options, iframes: false, resultTypes: ['violations'] });
  // A string, run in the page: this file is compiled without the DOM's types.
  return page.evaluate<AxeResults['violations']>(
    `axe.run(document, ${runOptions}).then((results) => results.violations)`,
  );
}

/** WCAG 2.1 AA problems axe-core finds that are serious or critical, as "rule: element" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Looks at the screen as it is now, at 375 and at 1280 px: a screenshot of each under test-results/journeys/<journey>/
 * and no serious or critical accessibility violation at either width. The page is left at its own width.
 * `knownViolations` match "rule: element" lines of markup the shop does not write itself (GraphiQL's): allowed, as the
 * caller names and explains them, and nothing besides.
 */
export async function lookAt(
  page: Page,
  journey: string,
  screen: string,
  knownViolations: RegExp[] = [],
): Promise<void> {
  const own = page.viewportSize() ?? { width: 1280, height: 900 };
  const dir = path.join(ARTIFACTS_DIR, journey);
  fs.mkdirSync(dir, { recursive: true });
  const widths = [own.width, ...WIDTHS.filter((width) => width !== own.width)];
  for (const width of widths) {
    if (width !== page.viewportSize()?.width) {
      await page.setViewportSize({ width, height: own.height });
      await settled(page);
    }
    await everyImageLoaded(page);
    await page.screenshot({ path: path.join(dir, `${screen}-${width}.png`), fullPage: true });
    const unknown = (await seriousViolations(page)).filter(
      (line) => !knownViolations.some((known) => known.test(line)),
    );
    expect(unknown, `${journey}/${screen} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(own);
}

/**
 * The page laid out at its new size: two frames (the layout, and the navbar's media query listener), then every
 * transition and finite animation that started meanwhile finished (a spinner's endless one is not waited for).
 */
async function settled(page: Page): Promise<void> {
  // A string, run in the page: this file is compiled without the DOM's types.
  await page.evaluate(`(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  })()`);
}

/**
 * Images are lazy: below the fold they load only when scrolled to, and a full-page screenshot would show their
 * placeholders. Each is asked for now, and waited for (a broken one shows its placeholder, as a person would see).
 */
async function everyImageLoaded(page: Page): Promise<void> {
  // Run in the page (a string: this file is compiled without the DOM's types). Never longer than 5 s: a screenshot
  // of what there is beats a journey stuck on one image.
  await page.evaluate(`(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    const settled = (image) => new Promise((resolve) => {
      if (image.complete) return resolve();
      image.addEventListener('load', () => resolve(), { once: true });
      image.addEventListener('error', () => resolve(), { once: true });
    });
    await Promise.race([Promise.all(images.map(settled)), new Promise((resolve) => setTimeout(resolve, 5000))]);
  })()`);
}

/** The navbar's connection dot: 'Online' or 'Offline'. */
export function connectionDot(page: Page) {
  return page.getByRole('img', { name: /^(Online|Offline)$/ });
}

/**
 * Ends a journey: every browser closed, no page had an uncaught error, and the Content-Security-Policy refused nothing.
 */
export async function leave(...people: Person[]): Promise<void> {
  for (const person of people) await person.context.close();
  expect(people.flatMap((person) => person.pageErrors)).toEqual([]);
  expect(people.flatMap((person) => person.policyProblems)).toEqual([]);
  expect(people.flatMap((person) => person.documentTexts)).toEqual([]);
}

/**
 * A journey's browser and shop, started before its tests (in parallel) and closed after them: `set` receives them
 * once they are up.
 */
export function openJourney(
  set: (opened: { browser: Browser; shop: JourneyShop }) => void,
  options: JourneyShopOptions = {},
): void {
  let opened: { browser?: Browser; shop?: JourneyShop } = {};
  beforeAll(async () => {
    const [browser, shop] = await Promise.all([launchChromium(), startJourneyShop(options)]);
    opened = { browser, shop };
    set({ browser, shop });
  });
  afterAll(async () => {
    await opened.browser?.close();
    await opened.shop?.close();
  });
}
