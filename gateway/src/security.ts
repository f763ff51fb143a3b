// Limits on what a query may ask (graphql-armor), the same over HTTP and over the socket: each is checked while
// parsing or validating, so a refused query never reaches a resolver or the REST service.
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';

export const QUERY_LIMITS = {
  /** The deepest screen query (a chat room's messages with their room) is 8 levels. */
  maxDepth: 12,
  maxAliases: 15,
  maxDirectives: 20,
  /** Tokens in a document; the largest screen query has a few hundred. */
  maxTokens: 2000,
};

/**
 * A refused query is a validation error like any other (400, GRAPHQL_VALIDATION_FAILED): reported to the
 * validation context instead of thrown (which would be a 500), and without armor's misleading "Syntax Error:".
 */
const reportRefusal = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''))),
  ],
};

/** The shape limits, at validation. What an operation costs depends on its variables: see query-cost.ts. */
export function queryLimitRules(): ValidationRule[] {
  return [
    maxDepthRule({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, ...reportRefusal }),
    maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...reportRefusal }),
    maxDirectivesRule({ n: QUERY_LIMITS.maxDirectives, ...reportRefusal }),
  ];
}

/** graphql-js says "more that 2000 tokens"; clients read "more than". */
export const clarifyParseError = (message: string) => message.replace(/ more that (\d+) tokens/, ' more than $1 tokens');

export const parseOptions = { maxTokens: QUERY_LIMITS.maxTokens };

/** Drops "Did you mean …?" (the same rewrite as Apollo Server's): in production it would reveal the schema name by name. */
export const withoutSuggestions = (message: string) => message.replace(/ ?Did you mean(.+?)\?$/, '');

/** Parse and validate a socket operation as Apollo Server does an HTTP one. */
export function checkDocument(
  schema: GraphQLSchema,
  query: string,
  options: { introspection: boolean },
): { document: DocumentNode; errors?: undefined } | { errors: readonly GraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parse(query, parseOptions);
  } catch (error) {
    const parseError = error as GraphQLError;
    return { errors: [new GraphQLError(clarifyParseError(parseError.message), { ...parseError, originalError: parseError })] };
  }
  const rules = [...specifiedRules, ...queryLimitRules(), ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  const errors = validate(schema, document, rules);
  return errors.length > 0 ? { errors } : { document };
}
