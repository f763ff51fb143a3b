// Scale (DESIGN §8): each screen's query on a full-sized shop (100,000 products, 1,000,000 orders, a user in 2,000
// chat rooms) and on one a thousand times smaller, on SQLite and on PostgreSQL. The documents are the web app's own
// (web/src/gql), sent to a real gateway over a real REST service, each in its own process as in production; a
// screen's figure is the median of 12 answers after a warm-up, timed from the bench's request to the last byte.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DocumentNode,
  type FieldNode,
  Kind,
  buildSchema,
  getNamedType,
  isObjectType,
  print,
  visit,
} from 'graphql';
import {
  ChatPageDocument,
  ChatRoomToOpenDocument,
  ChatUnreadTotalDocument,
  ListingFacetsDocument,
  OrderDeskDocument,
  OrdersPageDocument,
  ProductListingDocument,
} from '../web/src/gql/graphql.js';
import { offsetCursor, offsetFromCursor, toGlobalId } from '../gateway/src/global-id.js';
import type { DatabaseKind } from '../rest/src/db/database.js';
import {
  FULL_SIZE,
  MATCHES_NOTHING,
  ONE_PERCENT_BRAND,
  type ScaleShop,
  type ShopFacts,
  type ShopSize,
  buildScaleShop,
} from './scale-shop.js';
import { adminToken, startGatewayProcess, startRest } from './servers.js';
import { asTheWebSendsIt } from './web-documents.js';

const here = path.dirname(fileURLToPath(import.meta.url));

// The page sizes the screens ask for (web/src/features/*: PAGE_SIZE, ORDERS_PAGE_SIZE, DESK_PAGE_SIZE).
const LISTING_PAGE = 24;
const ORDERS_PAGE = 10;
const DESK_PAGE = 20;
/** The chat sidebar's first page, once the sidebar is paged. */
const SIDEBAR_PAGE = 20;
/** The deep page of the listing and of the desk in the full shop; in a smaller one, as far down in proportion. */
const DEEP_PAGE = 500;

/** The demo's first category (Diagnostics: about a third of the catalogue, in three subcategories). */
const DIAGNOSTICS = toGlobalId('Category', 1);

const WARM_UP = 3;
const TIMED = 12;

export const SCREENS = [
  'listing_first_page',
  'listing_name_1_percent',
  'listing_name_none',
  'listing_price_range',
  'listing_deep_page',
  'listing_by_price',
  'listing_by_price_down',
  'listing_by_name',
  'listing_newest',
  'listing_in_stock_first',
  'listing_name_by_price',
  'listing_deep_page_by_name',
  'search_description_word',
  'search_typo',
  'search_by_price',
  'category_page',
  'category_facets',
  'listing_facets',
  'search_facets',
  'own_orders',
  'desk_all',
  'desk_pending',
  'desk_cancelled',
  'desk_search_customer',
  'desk_search_number',
  'desk_deep_page',
  'chat_sidebar',
  'chat_room_to_open',
  'chat_badge',
] as const;

export type Screen = (typeof SCREENS)[number];

interface ScreenQuery {
  document: string;
  variables: Record<string, unknown>;
  as: 'heavyBuyer' | 'chatter' | 'admin';
}

export interface SidebarQuery {
  /** What the sidebar asks for: the paged connection when the schema has it, else the whole list of rooms. */
  field: 'chatRoomConnection' | 'chatRooms';
  document: string;
  variables: Record<string, unknown>;
}

/**
 * The chat sidebar's query. The web app's own when it already pages the rooms (or has no paged field to use); when
 * the schema offers `chatRoomConnection` but the web app does not ask for it yet, the same room fields through the
 * connection's first page.
 */
export function sidebarQuery(): SidebarQuery {
  const chatPage = asTheWebSendsIt(ChatPageDocument);
  const declaresFirst = (document: string) => /\$first\s*:/.test(document);
  if (chatPage.includes('chatRoomConnection')) {
    return {
      field: 'chatRoomConnection',
      document: chatPage,
      variables: declaresFirst(chatPage) ? { first: SIDEBAR_PAGE } : {},
    };
  }
  const schema = buildSchema(fs.readFileSync(path.join(here, '../schema.graphql'), 'utf8'));
  const viewerField = schema.getQueryType()?.getFields().viewer;
  const viewerType = viewerField && getNamedType(viewerField.type);
  const connectionField = isObjectType(viewerType) ? viewerType.getFields().chatRoomConnection : undefined;
  const connectionType = connectionField && getNamedType(connectionField.type);
  if (
    !connectionField ||
    !isObjectType(connectionType) ||
    !connectionField.args.some((argument) => argument.name === 'first')
  ) {
    return { field: 'chatRooms', document: chatPage, variables: {} };
  }
  // The room's selection and fragments exactly as the chat page asks for them in its list.
  let roomSelection = '';
  visit(ChatPageDocument, {
    Field(node: FieldNode) {
      if (node.name.value === 'chatRooms' && node.selectionSet) roomSelection = print(node.selectionSet);
    },
  });
  const fragments = (ChatPageDocument as DocumentNode).definitions
    .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
    .map((definition) => print(definition));
  const fields = connectionType.getFields();
  const rooms = fields.edges ? `edges { cursor node ${roomSelection} }` : `nodes ${roomSelection}`;
  const paging = fields.pageInfo ? 'pageInfo { hasNextPage endCursor }' : '';
  const count = fields.totalCount ? 'totalCount' : '';
  const document = `query ChatSidebar($first: Int!) { viewer { chatRoomConnection(first: $first) { ${count} ${rooms} ${paging} } } }\n${fragments.join('\n')}`;
  return { field: 'chatRoomConnection', document, variables: { first: SIDEBAR_PAGE } };
}

/**
 * The page `DEEP_PAGE` of the full shop, the same depth of a smaller one (at least the second page): its `after`
 * cursor.
 */
function deepCursor(pageSize: number, fraction: number): string {
  const page = Math.max(2, Math.round(DEEP_PAGE * fraction));
  return offsetCursor((page - 1) * pageSize - 1);
}

function screenQueries(shop: ScaleShop, sidebar: SidebarQuery): Record<Screen, ScreenQuery> {
  const listing = asTheWebSendsIt(ProductListingDocument);
  const desk = asTheWebSendsIt(OrderDeskDocument);
  const facets = asTheWebSendsIt(ListingFacetsDocument);
  const catalogueFraction = shop.size.products / FULL_SIZE.products;
  const ordersFraction = shop.size.orders / FULL_SIZE.orders;
  const listingOf = (variables: Record<string, unknown>): ScreenQuery => ({
    document: listing,
    variables: { first: LISTING_PAGE, ...variables },
    as: 'heavyBuyer',
  });
  const facetsOf = (variables: Record<string, unknown>): ScreenQuery => ({
    document: facets,
    variables,
    as: 'heavyBuyer',
  });
  const deskOf = (variables: Record<string, unknown>): ScreenQuery => ({
    document: desk,
    variables: { first: DESK_PAGE, status: null, ...variables },
    as: 'admin',
  });
  return {
    listing_first_page: listingOf({}),
    listing_name_1_percent: listingOf({ filter: { name: ONE_PERCENT_BRAND.toLowerCase() } }),
    listing_name_none: listingOf({ filter: { name: MATCHES_NOTHING } }),
    listing_price_range: listingOf({ filter: { minPrice: 100, maxPrice: 110 } }),
    listing_deep_page: listingOf({ after: deepCursor(LISTING_PAGE, catalogueFraction) }),
    // Every order of the listing's Sort by (issue 34), the whole catalogue's first page, one with a filter, one deep.
    listing_by_price: listingOf({ sort: 'PRICE_ASCENDING' }),
    listing_by_price_down: listingOf({ sort: 'PRICE_DESCENDING' }),
    listing_by_name: listingOf({ sort: 'NAME' }),
    listing_newest: listingOf({ sort: 'NEWEST' }),
    listing_in_stock_first: listingOf({ sort: 'IN_STOCK_FIRST' }),
    listing_name_by_price: listingOf({
      filter: { name: ONE_PERCENT_BRAND.toLowerCase() },
      sort: 'PRICE_DESCENDING',
    }),
    listing_deep_page_by_name: listingOf({ after: deepCursor(LISTING_PAGE, catalogueFraction), sort: 'NAME' }),
    // The listing's search (issue 34), by relevance: a word of one demo description in 33, on 3 % of the catalogue; a
    // brand (1 %) and a kind of product, each mistyped and corrected; and a kind of product by price.
    search_description_word: listingOf({ search: 'oral' }),
    search_typo: listingOf({ search: `${ONE_PERCENT_BRAND.toLowerCase().slice(0, -1)} thermomter` }),
    search_by_price: listingOf({ search: 'thermometer', sort: 'PRICE_ASCENDING' }),
    // A category's page (issue 34): its products, and the facets asked beside them (the counts of its subcategories,
    // the price bands and the stock); the facets of the whole catalogue and of a search too.
    category_page: listingOf({ filter: { category: DIAGNOSTICS } }),
    category_facets: facetsOf({ filter: { category: DIAGNOSTICS } }),
    listing_facets: facetsOf({}),
    search_facets: facetsOf({ search: 'oral' }),
    own_orders: { document: asTheWebSendsIt(OrdersPageDocument), variables: { first: ORDERS_PAGE }, as: 'heavyBuyer' },
    desk_all: deskOf({}),
    desk_pending: deskOf({ status: 'PENDING' }),
    desk_cancelled: deskOf({ status: 'CANCELLED' }),
    desk_search_customer: deskOf({ search: shop.facts.searchedCustomer }),
    desk_search_number: deskOf({ search: String(shop.facts.searchedOrderNumber) }),
    desk_deep_page: deskOf({ after: deepCursor(DESK_PAGE, ordersFraction) }),
    chat_sidebar: { document: sidebar.document, variables: sidebar.variables, as: 'chatter' },
    // Asked beside the sidebar when the chat page opens with no room chosen, and the header's badge on every page.
    chat_room_to_open: { document: asTheWebSendsIt(ChatRoomToOpenDocument), variables: {}, as: 'chatter' },
    chat_badge: { document: asTheWebSendsIt(ChatUnreadTotalDocument), variables: {}, as: 'chatter' },
  };
}

export interface ScreenFigure {
  medianMs: number;
  /** The answer's size: what the gateway sends the browser. */
  bytes: number;
}

/** Sends one screen's query as the browser would, answering the status and the body. */
async function send(graphqlUrl: string, token: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const requestBody = (query: ScreenQuery) => JSON.stringify({ query: query.document, variables: query.variables });

/** The first answer, which must be data (it is also the size recorded), then the rest of the warm-up. */
async function warmUp(graphqlUrl: string, token: string, query: ScreenQuery): Promise<string> {
  const first = await send(graphqlUrl, token, requestBody(query));
  const answer = JSON.parse(first.text) as { data?: unknown; errors?: unknown[] };
  if (first.status !== 200 || answer.errors || !answer.data)
    throw new Error(`${first.status} ${first.text.slice(0, 500)}`);
  for (let run = 1; run < WARM_UP; run += 1) await send(graphqlUrl, token, requestBody(query));
  return first.text;
}

async function medianMs(graphqlUrl: string, token: string, query: ScreenQuery): Promise<number> {
  const body = requestBody(query);
  const times: number[] = [];
  for (let run = 0; run < TIMED; run += 1) {
    const started = performance.now();
    await send(graphqlUrl, token, body);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = times.length / 2;
  return (times[middle - 1]! + times[middle]!) / 2;
}

export interface ShopFigures {
  buildSeconds: number;
  /** Who and what the screens looked for in this shop, and how many lines and heavy buyer's orders it holds. */
  facts: ShopFacts;
  byScreen: Partial<Record<Screen, ScreenFigure>>;
  /** Why a screen has no figure: the error its query got. */
  failures: Partial<Record<Screen, string>>;
}

/** Builds the shop, starts a REST service and a gateway on it, times every screen, and stops them again. */
/** The cursor the list gives the product just before the offset cursor `variables.after` names, in its order. */
async function cursorOfItemBefore(
  graphqlUrl: string,
  token: string,
  variables: Record<string, unknown>,
): Promise<string> {
  const offset = offsetFromCursor(variables.after as string)!;
  const body = JSON.stringify({
    query:
      'query ($after: String, $sort: ProductSort) { products(first: 1, after: $after, sort: $sort) { edges { cursor } } }',
    variables: { after: offsetCursor(offset - 1), sort: variables.sort ?? null },
  });
  const answer = JSON.parse((await send(graphqlUrl, token, body)).text) as {
    data?: { products: { edges: { cursor: string }[] } };
  };
  const cursor = answer.data?.products.edges[0]?.cursor;
  if (!cursor) throw new Error(`no product at offset ${offset}: ${JSON.stringify(answer).slice(0, 300)}`);
  return cursor;
}

export async function measureShop(
  kind: DatabaseKind,
  size: ShopSize,
  options: { keep: boolean; sidebar: SidebarQuery; label: string },
): Promise<ShopFigures> {
  const began = Date.now();
  const shop = await buildScaleShop(kind, size, {
    keep: options.keep,
    progress: (line) => console.log(`  ${options.label}: ${line} (${Math.round((Date.now() - began) / 1000)} s)`),
  });
  if (shop.buildSeconds === 0) console.log(`  ${options.label}: the shop kept from an earlier run (BENCH_SCALE_KEEP)`);
  // Stopped last to first: the gateway, the REST service, then the shop's database.
  const stops: (() => Promise<void>)[] = [shop.drop];
  try {
    const rest = await startRest({ DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl, SEED_DEMO: 'false' });
    stops.unshift(rest.stop);
    // The catalogue cache off: with it, every listing screen after its warm-up is one answer kept in memory, whatever
    // the database holds (so they were, until issue 34: 1.3–2 ms on every shop).
    const gateway = await startGatewayProcess({ REST_URL: rest.url, CATALOGUE_CACHE: 'false' });
    stops.unshift(gateway.stop);
    const tokens = {
      heavyBuyer: shop.heavyBuyer.token,
      chatter: shop.chatter.token,
      admin: await adminToken(rest.url),
    };
    const figures: ShopFigures = { buildSeconds: shop.buildSeconds, facts: shop.facts, byScreen: {}, failures: {} };
    const graphqlUrl = `${gateway.url}/graphql`;
    const queries = Object.entries(screenQueries(shop, options.sidebar)) as [Screen, ScreenQuery][];
    // A deep page as a client reaches it: after the cursor the list gave its previous page's last product (it names
    // that product, so the gateway reads on from it), not an offset alone.
    for (const [screen, query] of queries)
      if (screen === 'listing_deep_page' || screen === 'listing_deep_page_by_name')
        query.variables.after = await cursorOfItemBefore(graphqlUrl, tokens[query.as], query.variables);
    // Every screen warms up before any is timed: the first screen timed does not pay for the processes' first requests.
    const answers = new Map<Screen, string>();
    for (const [screen, query] of queries) {
      try {
        answers.set(screen, await warmUp(graphqlUrl, tokens[query.as], query));
        if (process.env.BENCH_DEBUG)
          console.log(
            `  ${options.label}: ${screen} ${JSON.stringify(query.variables)} → ${answers.get(screen)!.slice(0, 300)}…`,
          );
      } catch (error) {
        figures.failures[screen] = (error as Error).message;
        console.warn(`  ${options.label}: ${screen} failed: ${(error as Error).message}`);
      }
    }
    for (const [screen, query] of queries) {
      const answer = answers.get(screen);
      if (answer !== undefined)
        figures.byScreen[screen] = {
          medianMs: await medianMs(graphqlUrl, tokens[query.as], query),
          bytes: Buffer.byteLength(answer),
        };
    }
    return figures;
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}
