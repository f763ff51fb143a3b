// Limits on what a query may ask (graphql-armor), the same over HTTP and over the socket: each is checked while
// parsing or validating, so a refused query never reaches a resolver or the REST service.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationRule, parse, specifiedRules, validate } from 'graphql';

export const QUERY_LIMITS = {
  /** The deepest screen query (a chat room's messages with their room) is 8 levels. */
  maxDepth: 12,
  maxAliases: 15,
  maxDirectives: 20,
  /** Tokens in a document; the largest screen query has a few hundred. */
  maxTokens: 2000,
  maxCost: 5000,
};

export function queryLimitRules(): ValidationRule[] {
  return [
    maxDepthRule({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true }),
    maxAliasesRule({ n: QUERY_LIMITS.maxAliases }),
    maxDirectivesRule({ n: QUERY_LIMITS.maxDirectives }),
    costLimitRule({ maxCost: QUERY_LIMITS.maxCost }),
  ];
}

export const parseOptions = { maxTokens: QUERY_LIMITS.maxTokens };

/** Parse and validate a socket operation as Apollo Server does an HTTP one. */
export function checkDocument(
  schema: GraphQLSchema,
  query: string,
): { document: DocumentNode; errors?: undefined } | { errors: readonly GraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parse(query, parseOptions);
  } catch (error) {
    return { errors: [error as GraphQLError] };
  }
  const errors = validate(schema, document, [...specifiedRules, ...queryLimitRules()]);
  return errors.length > 0 ? { errors } : { document };
}
