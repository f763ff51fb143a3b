// What an operation may cost (query-cost.ts): page sizes count the same written in the document, as Relay writes
// them, or passed as variables; every operation of our own web client passes with the largest pages it may ask
// for; nested pages of pages are refused, over HTTP and over sockets, before any REST call.
import {
  type DocumentNode,
  Kind,
  type OperationDefinitionNode,
  isEnumType,
  isInputObjectType,
  parse,
  print,
  visit,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FIRST } from '../src/resolvers/connections.js';
import { loadSchema } from '../src/app.js';
import { MAX_QUERY_COST, operationCost } from '../src/query-cost.js';
import * as webDocuments from '../../web/src/gql/graphql.js';
import { type Shop, startShop } from '../../tests/helpers/shop.js';
import { listen } from '../../tests/helpers/socket-feed.js';

const RELAY_ROOM = (pageSize: string) =>
  `query Room${pageSize === '$n' ? '($n: Int)' : ''} { node(id: "Q2hhdFJvb206MQ") { ... on ChatRoom { messages(last: ${pageSize}) { edges { cursor node { id content timestamp senderUsername room { id } } } pageInfo { hasPreviousPage startCursor } } } } }`;
const NESTED = `query Nested($n: Int) { viewer { chatRooms { messages(last: $n) { edges { node { room { messages(last: $n) { edges { node { id room { id } } } } } } } } } } }`;

const schema = loadSchema();

describe('the price of an operation', () => {
  it('is the same whether a page size is written in the document or passed as a variable', () => {
    const literal = operationCost(schema, parse(RELAY_ROOM('50')), undefined, undefined);
    expect(literal).toBe(operationCost(schema, parse(RELAY_ROOM('$n')), undefined, { n: 50 }));
    // node 1 + messages 1 + 50 × (edge 1 + its node 1 + room 1) + pageInfo 1
    expect(literal).toBe(1 + 1 + 50 * 3 + 1);
  });

  it('prices a page size left to the variable’s default, or to the argument’s default in the schema, as if written', () => {
    const explicit = operationCost(schema, parse(NESTED), undefined, { n: 100 });
    expect(explicit).toBe(30403);
    expect(operationCost(schema, parse(NESTED.replace('($n: Int)', '($n: Int = 100)')), undefined, {})).toBe(explicit);
    // A room's history is read 50 at a time when no size is given: leaving it out asks for 50; 3 + 50 × (edge, node,
    // room, messages 1 + 50 × 3).
    const omitted = NESTED.replace('($n: Int)', '').replaceAll('(last: $n)', '');
    expect(operationCost(schema, parse(omitted), undefined, {})).toBe(
      operationCost(schema, parse(NESTED), undefined, { n: 50 }),
    );
    expect(operationCost(schema, parse(omitted), undefined, {})).toBe(7703);
  });

  it('prices a connection paged backward by its last, and one given neither first nor last as the default page of 20', () => {
    const page = (args: string) => `{ products${args} { edges { node { id } } pageInfo { hasNextPage } } }`;
    // products 1 + n × (edge 1 + node 1) + pageInfo 1
    expect(operationCost(schema, parse(page('(last: 100)')), undefined, undefined)).toBe(1 + 100 * 2 + 1);
    expect(operationCost(schema, parse(page('(first: 10)')), undefined, undefined)).toBe(1 + 10 * 2 + 1);
    expect(operationCost(schema, parse(page('')), undefined, undefined)).toBe(1 + 20 * 2 + 1);
  });

  it('admits every operation of the web client with the largest pages it may ask for, and its Relay equivalent', () => {
    const documents = Object.entries(webDocuments).filter(
      ([, value]) => (value as DocumentNode)?.kind === Kind.DOCUMENT,
    ) as [string, DocumentNode][];
    const operations = documents.filter(([, document]) =>
      document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
    );
    expect(operations.length).toBeGreaterThan(20);
    const pagedOperations: string[] = [];
    for (const [name, document] of operations) {
      const operation = document.definitions.find(
        (definition) => definition.kind === Kind.OPERATION_DEFINITION,
      ) as OperationDefinitionNode;
      // Every Int the largest page, an input object empty (a filter), an enum its first value (a status), anything
      // else some text (an id, a cursor).
      const valueOf = (type: string) => {
        const named = schema.getType(type);
        if (type === 'Int') return MAX_FIRST;
        if (isInputObjectType(named)) return {};
        if (isEnumType(named)) return named.getValues()[0]!.value;
        return 'x';
      };
      const largest = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((definition) => [
          definition.variable.name.value,
          valueOf(print(definition.type).replace('!', '')),
        ]),
      );
      expect(operationCost(schema, document, undefined, largest), name).toBeLessThanOrEqual(MAX_QUERY_COST);
      // Its Relay equivalent writes the page sizes into the document: the same price.
      const relayStyle = visit(document, {
        Argument: (argument) =>
          ['first', 'last'].includes(argument.name.value) && argument.value.kind === Kind.VARIABLE
            ? { ...argument, value: { kind: Kind.INT, value: String(MAX_FIRST) } }
            : undefined,
      });
      if (print(relayStyle) !== print(document)) pagedOperations.push(name);
      expect(operationCost(schema, relayStyle, undefined, largest), name).toBe(
        operationCost(schema, document, undefined, largest),
      );
    }
    // The screens whose page sizes are variables (their "more" pages reuse the same documents).
    expect(pagedOperations.sort()).toEqual([
      'ChatPageDocument',
      'ChatRoomMessagesDocument',
      'LowStockProductsDocument',
      'OrderDeskDocument',
      'OrdersPageDocument',
      'ProductListingDocument',
    ]);
  });
});

describe('the work of pricing', () => {
  it('prices each fragment once per page size it sits in, however often it is spread', () => {
    // Fn spreads Fn-1 a hundred times: 10⁸ spreads of F0 in all, each asking for the viewer.
    let text = 'query Q { ...F4 } fragment F0 on Query { viewer { id } } ';
    for (let n = 1; n <= 4; n += 1) text += `fragment F${n} on Query { ${`...F${n - 1} `.repeat(100)}} `;
    const document = parse(text);
    // Each fragment's selections counted as they are read.
    const reads = new Map<string, number>();
    const counted: DocumentNode = {
      ...document,
      definitions: document.definitions.map((definition) => {
        if (definition.kind !== Kind.FRAGMENT_DEFINITION) return definition;
        const name = definition.name.value;
        return Object.defineProperty({ ...definition }, 'selectionSet', {
          enumerable: true,
          get: () => {
            reads.set(name, (reads.get(name) ?? 0) + 1);
            return definition.selectionSet;
          },
        });
      }),
    };
    expect(operationCost(schema, counted, 'Q', {})).toBe(100 ** 4);
    expect(Object.fromEntries(reads)).toEqual({ F0: 1, F1: 1, F2: 1, F3: 1, F4: 1 });
  });

  it('prices a fragment again inside a page, where its items count as many times as the page holds', () => {
    const document = parse(
      'query { viewer { ...Rooms } products(first: 10) { ...Page } } fragment Page on ProductConnection { edges { node { id } } } fragment Rooms on User { chatRooms { messages(last: 5) { ...Messages } } } fragment Messages on MessageConnection { edges { node { id } } }',
    );
    // viewer 1 + chatRooms 1 + messages 1 + 5 × (edge 1 + node 1); products 1 + 10 × (edge 1 + node 1)
    expect(operationCost(schema, document, undefined, {})).toBe(3 + 5 * 2 + 1 + 10 * 2);
  });
});

describe('over the wire', () => {
  let shop: Shop;
  let token: string;
  beforeAll(async () => {
    shop = await startShop();
    token = await shop.user('cost-watcher');
  });
  afterAll(() => shop.close());

  it('answers the Relay-style document with a literal page size, as it does the same with a variable', async () => {
    for (const [query, variables] of [
      [RELAY_ROOM('50'), {}],
      [RELAY_ROOM('$n'), { n: 50 }],
    ] as const) {
      const answer = await shop.graphql(query, variables, token);
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({ node: null });
    }
  });

  it('refuses pages of pages before any REST call, over HTTP and over a socket, literal or variable', async () => {
    // viewer 1 + chatRooms 1 + messages 1 + 100 × (edge, node, room, messages 1 + 100 × (edge, node, room) + 1) … =
    // 30403
    const message = `Query cost limit of ${MAX_QUERY_COST} exceeded, found 30403: ask for smaller pages or fewer nested ones`;
    const socket = shop.gateway.socket(token);
    try {
      // The socket's first refusal waits for its connection (whose token check is a REST call); the second does not.
      expect((await listen(socket, NESTED, { n: 100 }).refusal()).map((error) => error.message)).toEqual([message]);
      shop.resetCalls();
      expect((await listen(socket, NESTED, { n: 100 }).refusal()).map((error) => error.message)).toEqual([message]);
      const overHttp = await shop.graphql(NESTED, { n: 100 }, token);
      expect(overHttp.status).toBe(400);
      const refusal = (answer: typeof overHttp) =>
        answer.errors!.map((error) => [error.message, { ...error.extensions, stacktrace: undefined }]);
      const figures = { code: 'MAX_COST', limit: MAX_QUERY_COST, actual: 30403 };
      expect(refusal(overHttp)).toEqual([[message, figures]]);
      const literal = await shop.graphql(NESTED.replace('($n: Int)', '').replaceAll('$n', '100'), {}, token);
      expect(refusal(literal)).toEqual([[message, figures]]);
      expect(shop.calls).toEqual([]);
    } finally {
      await socket.dispose();
    }
    // Left to a variable's default or to the schema's default, the page sizes are what they would be if written.
    shop.resetCalls();
    const withDefault = await shop.graphql(NESTED.replace('($n: Int)', '($n: Int = 100)'), {}, token);
    expect([withDefault.status, withDefault.errors?.map((error) => error.message)]).toEqual([400, [message]]);
    const omitted = await shop.graphql(NESTED.replace('($n: Int)', '').replaceAll('(last: $n)', ''), {}, token);
    expect([omitted.status, omitted.errors?.map((error) => error.message)]).toEqual([
      400,
      [`Query cost limit of ${MAX_QUERY_COST} exceeded, found 7703: ask for smaller pages or fewer nested ones`],
    ]);
    expect(shop.calls).toEqual([]);
    // The same shape with small pages is an ordinary query.
    expect((await shop.graphql(NESTED, { n: 5 }, token)).errors).toBeUndefined();
  });
});
