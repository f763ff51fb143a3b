// Journey 8: a client developer explores the graph at /graphiql with no internet. GraphiQL comes with the shop (built
// with the web app, served from the gateway's own origin), so the test cuts the browser off from every other origin
// and records what it would have fetched there: nothing. The developer logs in, reads the catalogue and follows it
// live over the shop's websocket, as docs/graph.md tells them; and opens an operation someone shared as a link.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, axeViolations, leave, lookAt, openJourney, openPerson } from './support/journey.js';
import { withoutCost } from '../helpers/answers.js';

/**
 * Serious violations axe finds in GraphiQL's own markup and colours, which the shop does not write, named here so that
 * they are known (nothing else is allowed): each tab is an element of role "tab" holding two buttons (its title and its
 * close button); and a token coloured by Monaco's theme on GraphiQL's tinted result pane falls short — numbers in an
 * answer, green #098658 on #f1f2f4, are 4.12:1 where text needs 4.5:1.
 */
const TAB_HOLDS_BUTTONS = /^nested-interactive: li$/;
const NUMBER_COLOUR_IN_ANSWERS = /^color-contrast: \.view-line:nth-child\(\d+\) > span > \.mtk\d+$/;

/**
 * Every rule axe-core has (best practices too, at any impact), on the page as it is now, but GraphiQL's tabs: each is
 * an element of role "tab" holding two buttons, its title and its close button (nested-interactive), which is
 * GraphiQL's own markup, not the shop's. The page's own landmarks, heading and regions must pass.
 */
async function everyAxeRuleBut(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { rules: { 'nested-interactive': { enabled: false } } });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`),
  );
}

/** How far the page itself scrolls down (0: GraphiQL fills the window exactly, as it should). */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollHeight - document.documentElement.clientHeight');
}

const UPDATE_PRODUCT = `mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { userErrors { message } } }`;

/** The text an editor of GraphiQL shows (Monaco writes its spaces as no-break spaces). */
async function shown(region: Locator): Promise<string> {
  return (await region.innerText()).replace(/\u00a0/g, ' ');
}

/**
 * The answer in the result pane, as JSON: its long lines are wrapped on screen, and JSON has no line breaks in values.
 * Without the `extensions.cost` every answer carries (its figures change with each request).
 */
async function answerShown(page: Page): Promise<unknown> {
  const text = (await shown(page.getByRole('region', { name: 'Result Window' }))).replace(/\n\s*/g, '');
  if (!text) return undefined;
  try {
    return withoutCost(JSON.parse(text));
  } catch {
    return text;
  }
}

/** Replaces what an editor holds with `text`, as a person pasting it would, and goes back to its start. */
async function replaceText(page: Page, region: Locator, text: string): Promise<void> {
  await region.getByRole('code').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.keyboard.press('ControlOrMeta+Home');
}

/**
 * Writes a document on one line into the operation editor, waits until GraphiQL has read it (its tab takes the
 * operation's name), and has GraphiQL lay it out (Prettify), as a developer would.
 */
async function writeOperation(page: Page, name: string, document: string): Promise<void> {
  const editor = page.getByRole('region', { name: 'Operation Editor' });
  await replaceText(page, editor, document);
  await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toBe(name);
  await page.getByRole('button', { name: /^Prettify query/ }).click();
  await expect.poll(async () => (await shown(editor)).includes(`${document.split(' {')[0]} {\n`)).toBe(true);
  await editor.getByRole('code').click();
  await page.keyboard.press('ControlOrMeta+Home');
}

/** Runs the document; when it holds several operations, ▶ asks which, and `operation` is picked. */
async function run(page: Page, operation?: string): Promise<void> {
  await page.getByRole('button', { name: /^Execute query/ }).click();
  if (operation) await page.getByRole('menuitem', { name: operation, exact: true }).click();
}

describe.skipIf(!chromiumFound)('journey: a client developer explores the graph offline at /graphiql', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened), { introspection: true });

  it('logs in, reads the catalogue and follows it live, with nothing fetched from another origin', async () => {
    await shop.rest.register('client-dev', 'dev-secret-1');
    const developer = await openPerson(browser, shop);
    const { page } = developer;
    // No internet: whatever the page asks of another origin fails, and is written down.
    const foreign: string[] = [];
    await developer.context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === shop.origin) return route.continue();
      foreign.push(url);
      return route.abort('internetdisconnected');
    });
    // Websockets are not routed: each one's address is written down instead.
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    await page.goto('/graphiql');
    expect(await page.title()).toBe('Medshop graph explorer (GraphiQL)');
    // The headers editor is open, holding the token's place; the document starts with how to begin.
    const headers = page.getByRole('region', { name: 'Headers' });
    await expect.poll(() => shown(headers)).toContain('"authorization": "Bearer "');
    expect(await shown(headers)).toContain('// Paste the token LogIn answers after "Bearer ".');
    expect(await shown(headers)).toContain('// It is never stored: a reload forgets it.');
    const operations = page.getByRole('region', { name: 'Operation Editor' });
    expect(await shown(operations)).toContain("# Medshop's graph, served by the shop itself:");
    // The schema came through introspection: the docs know the root types.
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.getByRole('link', { name: 'Query' }).first().waitFor();
    await page.getByRole('button', { name: 'Hide Documentation Explorer' }).click();
    await lookAt(page, 'explorer', 'first-visit', [TAB_HOLDS_BUTTONS]);
    // A page of landmarks with a heading (the name in the corner), and as tall as the window, at every width.
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).innerText()).toBe('Medshop GraphiQL');
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      expect([width, await pageOverflow(page)]).toEqual([width, 0]);
      expect([width, await everyAxeRuleBut(page)]).toEqual([width, []]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The placeholder sent as it is, "Bearer " and no token, is no token: LogIn as written answers what it lacks.
    await run(page, 'LogIn');
    await expect
      .poll(() => answerShown(page))
      .toEqual({
        data: {
          login: {
            token: null,
            viewer: null,
            userErrors: [
              { message: 'Username is required', field: 'username', code: 'INVALID_INPUT' },
              { message: 'Password is required', field: 'password', code: 'INVALID_INPUT' },
            ],
          },
        },
      });
    // And a subscription without a token is not sent at all: the answer says what to do.
    await run(page, 'ProductChanges');
    await expect
      .poll(() => answerShown(page))
      .toEqual({
        errors: [
          {
            message:
              'Subscription not started: subscriptions need a token. Run LogIn, then paste its token into Headers after "Bearer ".',
          },
        ],
      });

    // Logged in, the token pasted into the headers.
    await writeOperation(
      page,
      'DevLogIn',
      'mutation DevLogIn { login(input: { username: "client-dev", password: "dev-secret-1" }) { token viewer { username } } }',
    );
    await run(page);
    await expect
      .poll(() => answerShown(page))
      .toMatchObject({ data: { login: { viewer: { username: 'client-dev' } } } });
    const { token } = ((await answerShown(page)) as { data: { login: { token: string } } }).data.login;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await replaceText(page, headers, `{ "Authorization": "Bearer ${token}" }`);

    // A query over HTTP, answered exactly.
    await writeOperation(
      page,
      'FirstProduct',
      'query FirstProduct { products(first: 1) { totalCount edges { node { name unitPrice { amount currencyCode } } } } }',
    );
    await run(page);
    await expect
      .poll(() => answerShown(page))
      .toEqual({
        data: {
          products: {
            totalCount: 32,
            edges: [{ node: { name: 'Digital Thermometer', unitPrice: { amount: '9.99', currencyCode: 'USD' } } }],
          },
        },
      });
    await lookAt(page, 'explorer', 'query-answered', [TAB_HOLDS_BUTTONS, NUMBER_COLOUR_IN_ANSWERS]);

    // A subscription over the shop's websocket, with the token typed as "Authorization" (the socket's parameters need
    // it in lower case: the explorer sends it so). An admin changes the product from elsewhere until the first event
    // shows that the subscription is live; then the next change arrives exactly.
    const adminToken = await shop.rest.adminToken();
    const thermometer = (
      await shop.gateway.graphql('{ products(first: 1) { edges { node { id description } } } }', {}, adminToken)
    ).data.products.edges[0].node;
    const change = async (price: number, quantity: number) => {
      const answer = await shop.gateway.graphql(
        UPDATE_PRODUCT,
        {
          input: {
            id: thermometer.id,
            name: 'Digital Thermometer',
            description: thermometer.description,
            price,
            quantity,
          },
        },
        adminToken,
      );
      expect(answer.data.updateProduct.userErrors).toEqual([]);
    };
    await writeOperation(
      page,
      'PriceWatch',
      'subscription PriceWatch { productUpdated { name quantity unitPrice { amount } } }',
    );
    await run(page);
    await page.getByRole('button', { name: /^Stop query/ }).waitFor();
    let quantity = 100;
    await expect
      .poll(async () => {
        await change(9.99, ++quantity);
        return answerShown(page);
      })
      .toMatchObject({ data: { productUpdated: { name: 'Digital Thermometer' } } });
    await change(12.34, 7);
    await expect
      .poll(() => answerShown(page))
      .toEqual({
        data: { productUpdated: { name: 'Digital Thermometer', quantity: 7, unitPrice: { amount: '12.34' } } },
      });
    await lookAt(page, 'explorer', 'subscription-event', [TAB_HOLDS_BUTTONS, NUMBER_COLOUR_IN_ANSWERS]);
    await page.getByRole('button', { name: /^Stop query/ }).click();

    // What the page wrote down lasts as long as the browser tab (sessionStorage), history included, and holds no token.
    const stored = (area: 'sessionStorage' | 'localStorage') =>
      page.evaluate(`JSON.stringify({ ...${area} })`) as Promise<string>;
    await expect.poll(() => stored('sessionStorage')).toContain('subscription PriceWatch');
    expect(await stored('sessionStorage')).not.toContain(token);
    expect(await stored('localStorage')).toBe('{}');

    expect(foreign).toEqual([]);
    // One socket: PriceWatch's (the subscription without a token was never sent).
    expect(sockets).toEqual([`${shop.origin.replace('http:', 'ws:')}/graphql`]);
    await leave(developer);
  });

  it('opens an operation shared as a link to /graphql: its document, variables and operation, ready to run', async () => {
    const developer = await openPerson(browser, shop);
    const { page } = developer;
    // Two operations that answer without a token; the second, named in the link, needs its variable.
    const document =
      'query Plain { __typename }\nquery WhoAsks($withViewer: Boolean!) { __typename viewer @include(if: $withViewer) { username } }';
    const link = `/graphql?${new URLSearchParams({ query: document, variables: '{"withViewer": true}', operationName: 'WhoAsks' })}`;
    // The browser asks the graph for a page; the shop sends it to GraphiQL with the operation in the address.
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/graphiql' && url.searchParams.get('operationName') === 'WhoAsks');
    const operations = page.getByRole('region', { name: 'Operation Editor' });
    await expect
      .poll(() => shown(operations))
      .toContain('query WhoAsks($withViewer: Boolean!) { __typename viewer @include(if: $withViewer) { username } }');
    expect(await shown(operations)).toContain('query Plain { __typename }');
    expect(await shown(page.getByRole('region', { name: 'Variables' }))).toContain('{"withViewer": true}');
    // The operation named is the one chosen: its tab is named after it, and Ctrl+Enter runs it with the variables.
    await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toBe('WhoAsks');
    await operations.getByRole('textbox').focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => answerShown(page)).toEqual({ data: { __typename: 'Query', viewer: null } });
    expect(await pageOverflow(page)).toBe(0);
    await leave(developer);
  });
});
