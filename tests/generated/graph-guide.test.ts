// docs/graph.md stays true: each of its GraphQL examples runs against a real gateway over a real REST service (the
// demo catalogue loaded; production mode, as clients meet it), in the order written, and answers what the guide shows.
// An example whose fence says `as=reader` sends the token of the guide's own account; a ```json variables block after
// it gives its variables; a ```json request block is a whole request body sent as it is (a persisted query's hash,
// say); in an answer, "…" stands for any value (or, inside a string, any text).
import fs from 'node:fs';
import { type Client, type ClientOptions, createClient } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { poll } from '../helpers/poll.js';
import { ask } from '../helpers/socket-feed.js';
import { type Shop, startShop, withoutCost } from '../helpers/shop.js';

interface Example {
  name: string;
  query?: string;
  /** A request body sent as written, instead of `query` and `variables`. */
  body?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  answer: unknown;
  asReader: boolean;
}

/** The guide's examples: each ```graphql block with the ```json variables and ```json answer blocks that follow it. */
function examplesOf(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/```(\w+)([^\n]*)\n([\s\S]*?)```/g)].map(([, language, info, body]) => ({
    language,
    info: info!.trim(),
    body: body!,
  }));
  const examples: Example[] = [];
  for (const block of blocks) {
    // The public operations are run under each TRUSTED_DOCUMENTS setting by trusted-documents-guide.test.ts.
    if (block.language === 'graphql' && block.info === 'public') continue;
    if (block.language === 'graphql') {
      const name = /^\s*(?:query|mutation)\s+(\w+)/.exec(block.body)?.[1] ?? `example ${examples.length + 1}`;
      examples.push({ name, query: block.body, answer: undefined, asReader: block.info.includes('as=reader') });
    } else if (block.language === 'json' && block.info.startsWith('request')) {
      const body = JSON.parse(block.body) as Record<string, unknown>;
      const name = (body.operationName as string | undefined) ?? `request ${examples.length + 1}`;
      examples.push({ name, body, answer: undefined, asReader: block.info.includes('as=reader') });
    } else if (block.language === 'json' && examples.length > 0) {
      const example = examples.at(-1)!;
      if (block.info === 'variables') example.variables = JSON.parse(block.body) as Record<string, unknown>;
      if (block.info === 'answer') example.answer = JSON.parse(block.body);
    }
  }
  return examples;
}

/** The expected value with every "…" replaced by a matcher of anything (or of any text, inside a string). */
function withWildcards(expected: unknown): unknown {
  if (expected === '…') return expect.anything();
  if (typeof expected === 'string' && expected.includes('…')) {
    const pattern = expected
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*');
    return expect.stringMatching(new RegExp(`^${pattern}$`));
  }
  if (Array.isArray(expected)) return expected.map(withWildcards);
  if (expected && typeof expected === 'object')
    return Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, withWildcards(value)]));
  return expected;
}

/**
 * The answer as the guide shows it: every answer carries `extensions.cost`, which the guide shows only where it speaks
 * of it (an example whose answer has `extensions`); elsewhere it is left out of the comparison.
 */
function asShown(answer: unknown, shown: unknown): unknown {
  const showsExtensions = !!shown && typeof shown === 'object' && 'extensions' in shown;
  return showsExtensions ? answer : withoutCost(answer);
}

const examples = examplesOf(fs.readFileSync('docs/graph.md', 'utf8'));
let shop: Shop;
let readerToken: string;
beforeAll(async () => {
  // As clients meet it: production mode, no stack traces in errors.
  shop = await startShop({ rest: { seedDemo: true }, gateway: { env: { NODE_ENV: 'production' } } });
  readerToken = await shop.user('guide-reader', 'guide-secret-1');
});
afterAll(() => shop?.close());

it('the guide has examples, each with its answer', () => {
  expect(examples.length).toBeGreaterThanOrEqual(8);
  for (const example of examples) expect(example.answer, example.name).toBeDefined();
});

it.each(examples.map((example) => [example.name, example] as const))(
  '%s answers as docs/graph.md shows',
  async (_name, example) => {
    const token = example.asReader ? readerToken : undefined;
    if (example.body) {
      const response = await fetch(shop.gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(example.body),
      });
      expect(asShown(await response.json(), example.answer)).toEqual(withWildcards(example.answer));
      return;
    }
    const response = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: example.query, variables: example.variables }),
    });
    expect(asShown(await response.json(), example.answer)).toEqual(withWildcards(example.answer));
  },
);

it('the guide’s subscription snippet, run as written, prints the event of a product change', async () => {
  const snippet = /```js\n([\s\S]*?)```/.exec(fs.readFileSync('docs/graph.md', 'utf8'))?.[1];
  expect(snippet).toContain("import { createClient } from 'graphql-ws';");
  // Run as written, but against this test's gateway, with Node's WebSocket (ws) and its console captured.
  const body = snippet!
    .replace("import { createClient } from 'graphql-ws';", '')
    .replace('ws://localhost:4000/graphql', shop.gateway.wsUrl);
  const clients: Client[] = [];
  const createNodeClient = (options: ClientOptions) => {
    const client = createClient({ ...options, webSocketImpl: WebSocket });
    clients.push(client);
    return client;
  };
  const printed: unknown[] = [];
  const console = {
    log: (value: unknown) => printed.push(value),
    error: (value: unknown) => printed.push({ error: value }),
  };
  // The product exists before the snippet subscribes: the one event it prints is the change below.
  const admin = await shop.adminToken();
  const created = await shop.graphql(
    'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } } }',
    { input: { name: 'Guide Gauze', description: 'For the guide', price: 3.25, quantity: 9 } },
    admin,
  );
  const id = created.data.createProduct.product.id as string;
  new Function('createClient', 'token', 'console', body)(createNodeClient, readerToken, console);
  try {
    // The server takes a socket's operations in order: once a query sent after the snippet's subscription is answered,
    // the subscription is live.
    expect((await ask(clients[0]!, '{ viewer { username } }')).data).toEqual({ viewer: { username: 'guide-reader' } });
    await shop.graphql(
      'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id } } }',
      { input: { id, name: 'Guide Gauze', description: 'For the guide', price: 3.5, quantity: 8 } },
      admin,
    );
    await poll(
      async () => printed.length,
      (count) => count > 0,
    );
    expect(printed).toHaveLength(1);
    expect(printed[0]).toEqual({
      productUpdated: { id, quantity: 8, unitPrice: { amount: '3.50', currencyCode: 'USD' } },
    });
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
});
