// The compiled executor answers exactly as graphql-js does (data, errors in order, their messages, paths, locations
// and codes), and leaves to graphql-js what it would answer otherwise: a document's first run, @skip/@include,
// introspection, refused variables' messages.
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  type ExecutionResult,
  GraphQLError,
  type OperationDefinitionNode,
  execute,
  getOperationAST,
  isScalarType,
  isSpecifiedScalarType,
  parse,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.js';
import { createJitExecutor } from './jit-executor.js';
import { loadSchema } from './app.js';

/** Runs on graphql-js before an operation is compiled, as in production. */
const COMPILE_AFTER = 1;

const typeOf = new WeakMap<object, string>();
const tagged = <T extends object>(value: T, type: string) => (typeOf.set(value, type), value);

const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    scalar Decimal
    enum Status {
      OPEN
      CLOSED
    }
    interface Node {
      id: ID!
    }
    type Item implements Node {
      id: ID!
      name: String!
      price(inCents: Boolean = false): Int
      status: Status
      owner: Person
    }
    type Person implements Node {
      id: ID!
      username: String!
    }
    type Holder {
      item: Item!
      note: String
    }
    input Filter {
      min: Decimal
      statuses: [Status!]
      first: Int = 2
    }
    type Query {
      node(id: ID!): Node
      items(filter: Filter): [Item!]!
      failing: String
      rejecting: String
      holder: Holder
      strict: Holder!
      echo(amount: Decimal!, ids: [ID!]): String!
    }
    type Mutation {
      add(amount: Decimal!): Int!
    }
  `,
  resolvers: {
    Decimal,
    Node: { __resolveType: (value: object) => typeOf.get(value) ?? null },
    Query: {
      node: (_root, { id }: { id: string }) =>
        id.startsWith('p') ? tagged({ id, username: 'ann' }, 'Person') : tagged({ id, name: 'Gauze' }, 'Item'),
      items: (_root, { filter }: { filter?: { first: number; statuses?: string[] } }) =>
        Array.from({ length: filter?.first ?? 2 }, (_, index) => ({
          id: String(index + 1),
          name: `item ${index + 1}`,
          price: 150 * (index + 1),
          status: filter?.statuses?.[0] ?? 'OPEN',
          owner: index === 0 ? { id: 'p1', username: 'ann' } : null,
        })),
      failing: () => {
        throw new GraphQLError('No such thing', { extensions: { code: 'NOT_FOUND' } });
      },
      rejecting: async () => {
        throw new Error('the upstream broke');
      },
      // Its item's name is null: the non-null item takes the holder with it (nullable), or the whole data (strict).
      holder: async () => ({ item: { id: '9', name: null }, note: 'kept?' }),
      strict: () => ({ item: { id: '9', name: null }, note: 'lost' }),
      echo: (_root, args: { amount: string; ids?: string[] }) => `${args.amount} ${JSON.stringify(args.ids ?? null)}`,
    },
    Item: {
      price: (item: { price: number }, { inCents }: { inCents: boolean }) => (inCents ? item.price : item.price / 100),
    },
    Mutation: {
      add: async (_root, { amount }: { amount: string }, context: { order: string[] }) => {
        await new Promise((resolve) => setTimeout(resolve, amount === '1' ? 20 : 0));
        context.order.push(amount);
        return context.order.length;
      },
    },
  },
});

/** An answer as it goes out: errors as JSON (message, locations, path, extensions), errors before data. */
const asSent = (result: ExecutionResult) => JSON.stringify(JSON.parse(JSON.stringify(result)));

function runner() {
  const executor = createJitExecutor(schema, { compileAfter: COMPILE_AFTER });
  let hashes = 0;
  const documents = new Map<string, { hash: string; document: ReturnType<typeof parse> }>();
  return {
    executor,
    /** The document through the executor, as Apollo Server calls it (one parsed document per text, as its store). */
    run(text: string, variables?: Record<string, unknown>, operationName?: string) {
      let known = documents.get(text);
      if (!known) {
        hashes += 1;
        known = { hash: `hash-${hashes}`, document: parse(text) };
        documents.set(text, known);
      }
      const operation = getOperationAST(known.document, operationName) ?? undefined;
      return executor.execute({
        document: known.document,
        operation: operation as OperationDefinitionNode,
        operationName: operation?.name?.value ?? null,
        request: { query: text, variables, operationName },
        context: { order: [] },
        queryHash: known.hash,
      } as never) as Promise<ExecutionResult>;
    },
  };
}

/**
 * Runs the document on a fresh executor through its graphql-js runs and two compiled ones, each answer expected to be
 * graphql-js's, as sent; the executor is given back for its counts.
 */
async function expectEveryRunAsGraphqlJs(text: string, variables?: Record<string, unknown>) {
  const { executor, run } = runner();
  const expected = asSent(await byGraphqlJs(text, variables));
  for (let run_ = 0; run_ < COMPILE_AFTER + 2; run_ += 1) expect(asSent(await run(text, variables))).toBe(expected);
  return executor;
}

const byGraphqlJs = async (text: string, variables?: Record<string, unknown>, operationName?: string) =>
  (await execute({
    schema,
    document: parse(text),
    variableValues: variables,
    operationName,
    contextValue: { order: [] },
  })) as ExecutionResult;

describe('the compiled executor', () => {
  it.each([
    ['fields, aliases and arguments', '{ items { id name cheap: price expensive: price(inCents: true) status } }'],
    [
      'fragments, inline and named',
      '{ items { ...Parts owner { ... on Person { username } } } } fragment Parts on Item { id name }',
    ],
    [
      'an abstract type, __typename',
      '{ a: node(id: "i1") { __typename id ... on Item { name } } b: node(id: "p1") { __typename ... on Person { username } } }',
    ],
    ['__typename at the root', '{ __typename }'],
    ['a resolver error with a code', '{ failing items { id } }'],
    ['a rejected resolver', '{ rejecting failing }'],
    ['null taken up to the nearest nullable field', '{ holder { note item { id name } } failing }'],
    ['null taken up to data', '{ strict { note item { name } } }'],
    [
      "an input object literal's defaults, and a list written as one value",
      '{ items(filter: { statuses: CLOSED }) { id status } more: items(filter: {}) { id } }',
    ],
  ])('answers %s as graphql-js', async (_what, text) => {
    const executor = await expectEveryRunAsGraphqlJs(text);
    expect(executor.counts()).toEqual({ interpreted: COMPILE_AFTER, compiled: 2 });
  });

  it.each([
    [{ amount: '19.98', filter: { min: '1.5', statuses: 'CLOSED', first: 3 }, ids: 7 }],
    [{ amount: '19.98', filter: null }],
    [{ amount: 19.98 }],
    [{ amount: '1e3', ids: [1.5, {}] }],
    [{ filter: { min: '2', statuses: ['SHUT'], extra: 1 } }],
    [{ amount: '5', filter: { first: 2 ** 31 } }],
  ])('coerces variables as graphql-js, and refuses them in its words: %o', async (variables) => {
    const text =
      'query Echo($amount: Decimal!, $ids: [ID!], $filter: Filter) { echo(amount: $amount, ids: $ids) items(filter: $filter) { id status } }';
    const executor = await expectEveryRunAsGraphqlJs(text, variables);
    expect(executor.counts().compiled).toBe(2);
  });

  it.each([[{ min: '2.5' }], [{}], [{ min: null, first: 1 }], [{ min: 3 }]])(
    'fills variables written inside literals as graphql-js: %o',
    async (variables) => {
      const text =
        'query ($min: Decimal, $first: Int) { items(filter: { min: $min, first: $first }) { id } all: items(filter: { min: $min }) { id } }';
      const executor = await expectEveryRunAsGraphqlJs(text, variables);
      expect(executor.counts().compiled).toBe(2);
    },
  );

  it('runs mutations one after the other', async () => {
    const text = 'mutation { a: add(amount: "1") b: add(amount: "2") }';
    const { run } = runner();
    await run(text);
    expect(await run(text)).toEqual({ data: { a: 1, b: 2 } });
  });

  it('runs the operation asked for in a document of several', async () => {
    const text = 'query A { failing } query B { items { id } }';
    const { executor, run } = runner();
    for (const name of ['A', 'B', 'A', 'B'])
      expect(asSent(await run(text, {}, name))).toBe(asSent(await byGraphqlJs(text, {}, name)));
    expect(executor.counts()).toEqual({ interpreted: 2, compiled: 2 });
    // No operation named: graphql-js says so, as before.
    expect(asSent(await run(text))).toBe(asSent(await byGraphqlJs(text)));
  });

  it.each([
    ['@include', 'query ($all: Boolean!) { items { id name @include(if: $all) } }', { all: false }],
    ['@skip in a fragment', '{ items { ...F } } fragment F on Item { id name @skip(if: true) }', {}],
    // graphql-jit answers `y: [{}, {}]` here: the condition of x's spread is written onto the fragment's own nodes.
    [
      '@include on one of two spreads of a fragment',
      'query ($a: Boolean!) { x: items { ...F @include(if: $a) } y: items { ...F } } fragment F on Item { id }',
      { a: false },
    ],
    ['introspection', '{ __schema { queryType { name } } }', {}],
    ['__type', '{ __type(name: "Item") { name } }', {}],
  ])('leaves documents with %s to graphql-js', async (_what, text, variables) => {
    const { executor, run } = runner();
    for (let run_ = 0; run_ < 3; run_ += 1)
      expect(asSent(await run(text, variables))).toBe(asSent(await byGraphqlJs(text, variables)));
    expect(executor.counts()).toEqual({ interpreted: 3, compiled: 0 });
  });
});

describe("the graph's own scalars", () => {
  /** A value of each as a client sends it: a new scalar fails here until it is given one, and checked. */
  const SENT: Record<string, unknown[]> = {
    Decimal: ['19.98', '0', '-3.5', '10000000.00'],
    DateTime: ['2026-11-22T09:36:04.309Z'],
  };

  it('take their own coerced values unchanged: graphql-jit coerces the variables graphql-js coerced again', () => {
    const graph = loadSchema();
    const scalars = Object.values(graph.getTypeMap()).filter(
      (type) => isScalarType(type) && !isSpecifiedScalarType(type),
    );
    expect(scalars.map((scalar) => scalar.name).sort()).toEqual(Object.keys(SENT).sort());
    for (const scalar of scalars) {
      if (!isScalarType(scalar)) continue;
      for (const value of SENT[scalar.name]!) {
        const once = scalar.parseValue(value);
        expect(scalar.parseValue(once)).toEqual(once);
      }
    }
  });
});
