// The catalogue answered from the gateway: whole answers to queries that read nothing but the public catalogue
// (`products`, `product`, `productFacets`, `categories` and the fields of their types), kept per document and variables
// and shared by every shopper.
//
// What keeps it correct:
// - Only catalogue queries are kept. A document that touches any other field (the viewer, orders, `node`) is never
//   kept nor served from here: nothing per user can reach another user.
// - Only callers whose token the REST service accepted are served from it. The catalogue is for logged-in users, and
//   the gateway cannot check a token itself, so it relies on what REST said of the token within the lifetime
//   (token-verdicts.ts: forgotten when a session ends, asked again after the lifetime).
// - Every productUpdated and productRemoved event, and every category change (CATEGORIES_CHANGED: paths and facets
//   change with no product event), empties it, on every gateway (the events cross gateways through Redis), and a
//   change published here empties this gateway's before the event leaves. An answer that was being
//   fetched while an event came is not kept: it may predate the change.
// - Changes made behind the gateways' back (straight at the REST service, or while Redis was away: emptied when it is
//   back) are served for at most CATALOGUE_CACHE_TTL_SECONDS.
import { type ApolloServerPlugin, HeaderMap } from '@apollo/server';
import {
  type DocumentNode,
  type FormattedExecutionResult,
  type GraphQLSchema,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { catalogueCacheLookups } from '../../config/metrics.js';
import type { GatewayContext } from './context.js';
import type { ShopPubSub, ShopTopic } from './pubsub.js';
import type { TokenVerdicts } from './token-verdicts.js';

export interface CatalogueCacheSettings {
  enabled: boolean;
  /** How long an answer is kept (and a token REST accepted: token-verdicts.ts). */
  ttlSeconds: number;
  /** The memory its answers may take, in megabytes (their JSON's length). */
  maxMegabytes: number;
}

/** Root fields that read the catalogue only, and the types whose every field is catalogue data. */
const CATALOGUE_ROOT_FIELDS = new Set(['products', 'product', 'productFacets', 'categories']);
// Money is a value: under a product it is the product's price.
// A search's answer (its summary, each product's highlight) depends on the catalogue alone too.
const CATALOGUE_TYPES = new Set([
  'Product',
  'ProductConnection',
  'ProductEdge',
  'PageInfo',
  'Money',
  'ProductHighlight',
  'TextPart',
  'ProductSearchSummary',
  'SearchCorrection',
  // The category tree and a list's facets (issue 34): emptied by category changes too (CATEGORIES_CHANGED).
  'Category',
  'ProductFacets',
  'CategoryFacet',
  'PriceBandFacet',
]);
const HARMLESS_DIRECTIVES = new Set(['include', 'skip']);
const CATALOGUE_EVENTS: ShopTopic[] = [
  'PRODUCT_UPDATED',
  'PRODUCT_REMOVED',
  'CATEGORIES_CHANGED',
  'CATALOGUE_IMPORTED',
];

/**
 * Whether every field the document selects is catalogue data, read by at least one catalogue root field of a query.
 * Conservative: one field elsewhere, a mutation, or a directive other than @include/@skip (@defer) and it is not.
 */
export function readsOnlyCatalogue(schema: GraphQLSchema, document: DocumentNode): boolean {
  const queryType = schema.getQueryType();
  const typeInfo = new TypeInfo(schema);
  let catalogue = true;
  let readsCatalogue = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        if (node.operation !== 'query') catalogue = false;
      },
      Directive(node) {
        if (!HARMLESS_DIRECTIVES.has(node.name.value)) catalogue = false;
      },
      Field(node) {
        const parent = typeInfo.getParentType();
        const name = node.name.value;
        if (parent && parent === queryType) {
          if (CATALOGUE_ROOT_FIELDS.has(name)) readsCatalogue = true;
          else if (name !== '__typename') catalogue = false;
        } else if (!parent || !CATALOGUE_TYPES.has(parent.name)) {
          catalogue = false;
        }
      },
    }),
  );
  return (
    catalogue &&
    readsCatalogue &&
    document.definitions.every(
      (definition) => definition.kind !== Kind.OPERATION_DEFINITION || definition.operation === 'query',
    )
  );
}

export interface CatalogueCache {
  plugin: ApolloServerPlugin<GatewayContext>;
  /** The pub/sub the gateway publishes through: a catalogue event empties this gateway's answers before it leaves. */
  watching(pubsub: ShopPubSub): ShopPubSub;
  /** Forgets everything kept; what it listens to ends with the pub/sub. */
  close(): void;
}

export function createCatalogueCache(
  settings: CatalogueCacheSettings,
  pubsub: ShopPubSub,
  tokens: Pick<TokenVerdicts, 'known'>,
  log?: { error(details: object, message: string): void },
): CatalogueCache {
  const ttl = settings.ttlSeconds * 1000;
  const answers = new LRUCache<string, FormattedExecutionResult>({
    maxSize: settings.maxMegabytes * 1024 * 1024,
    sizeCalculation: (answer) => Math.max(1, JSON.stringify(answer).length),
    ttl,
  });
  /** Bumped by every emptying: an answer fetched across one is not kept. */
  let generation = 0;
  const forgetAnswers = () => {
    generation += 1;
    answers.clear();
  };

  // Events from every gateway, this one's included (in-process, or back through Redis).
  const listen = (iterator: AsyncIterableIterator<unknown>, onEvent: () => void) => {
    void (async () => {
      for await (const _event of iterator) onEvent();
    })().catch((error: unknown) => {
      // Nothing empties it any more: serve nothing from it rather than what may be old.
      settings.enabled = false;
      forgetAnswers();
      log?.error(
        { err: error },
        'the catalogue cache stopped hearing product events: it is off until the gateway restarts',
      );
    });
  };
  if (settings.enabled) {
    listen(pubsub.subscribe('PRODUCT_UPDATED'), forgetAnswers);
    listen(pubsub.subscribe('PRODUCT_REMOVED'), forgetAnswers);
    listen(pubsub.subscribe('CATEGORIES_CHANGED'), forgetAnswers);
    listen(pubsub.subscribe('CATALOGUE_IMPORTED'), forgetAnswers);
    // What was published while Redis was away never arrived.
    pubsub.onRecovered(forgetAnswers);
  }

  const isCatalogue = new WeakMap<DocumentNode, boolean>();
  const catalogueOnly = (schema: GraphQLSchema, document: DocumentNode) => {
    let known = isCatalogue.get(document);
    if (known === undefined) {
      known = readsOnlyCatalogue(schema, document);
      isCatalogue.set(document, known);
    }
    return known;
  };

  const plugin: ApolloServerPlugin<GatewayContext> = {
    async requestDidStart() {
      if (!settings.enabled) return;
      const startedIn = generation;
      let key: string | undefined;
      let served = false;
      return {
        async responseForOperation({ schema, document, queryHash, request, contextValue }) {
          if (!catalogueOnly(schema, document)) return null;
          key = `${queryHash}\u0000${request.operationName ?? ''}\u0000${JSON.stringify(request.variables ?? {})}`;
          const token = contextValue.token;
          const answer = token && tokens.known(token) ? answers.get(key) : undefined;
          catalogueCacheLookups.inc({ result: answer ? 'hit' : 'miss' });
          if (!answer) return null;
          served = true;
          // REST accepted this token within the lifetime: the request's log may name its user (app.ts).
          contextValue.caller.tokenAccepted = true;
          return { http: { headers: new HeaderMap() }, body: { kind: 'single', singleResult: answer } };
        },
        async willSendResponse({ response, contextValue }) {
          if (key === undefined || served || response.body.kind !== 'single') return;
          const token = contextValue.token;
          // Kept only when REST accepted the caller (a refused token's answer is an error anyway; app.ts remembers
          // the token) and no change was announced while it was fetched.
          if (!token || !contextValue.caller.tokenAccepted) return;
          const answer = response.body.singleResult;
          if (answer.errors?.length || !answer.data || generation !== startedIn) return;
          answers.set(key, answer);
        },
      };
    },
  };

  return {
    plugin,
    watching(inner) {
      if (!settings.enabled) return inner;
      return {
        ...inner,
        publish(topic, payload, audience) {
          if (CATALOGUE_EVENTS.includes(topic)) forgetAnswers();
          return inner.publish(topic, payload, audience);
        },
      };
    },
    close() {
      // The subscriptions are not ended one by one: closing the pub/sub next ends them all, and an UNSUBSCRIBE sent
      // while Redis is away would wait for it, then fail as the connection closes.
      forgetAnswers();
    },
  };
}
