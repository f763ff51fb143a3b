// A document or operation refused by one of the gateway's limits says which, with a code of its own and its figures in
// `extensions` (`limit`, and `actual` where it was measured), the same over HTTP (400) and over the socket — rather
// than graphql-js's GRAPHQL_VALIDATION_FAILED with the figures only in an English message. Clients act on the code
// (shrink the page, split the document) and read the figures without parsing the message.
import { GraphQLError, type GraphQLErrorOptions } from 'graphql';

/** Every limit's code, and what it limits (docs/graph.md lists them with their figures). */
export const LIMIT_CODES = {
  /** Bytes of the document's text, comments and whitespace included. */
  MAX_DOCUMENT_SIZE: 'MAX_DOCUMENT_SIZE',
  /** Tokens of the document (counted while parsing, which stops at the limit: no `actual`). */
  MAX_TOKENS: 'MAX_TOKENS',
  /** Fields once the fragments are spread. */
  MAX_FIELDS: 'MAX_FIELDS',
  /** The same field asked for at one place. */
  MAX_FIELD_REPEATS: 'MAX_FIELD_REPEATS',
  /** Fragments spread at one place. */
  MAX_FRAGMENT_SPREADS: 'MAX_FRAGMENT_SPREADS',
  /** Steps of the walk over the spread-out document (inline fragments nested without end). */
  MAX_SHAPE_STEPS: 'MAX_SHAPE_STEPS',
  MAX_DEPTH: 'MAX_DEPTH',
  MAX_ALIASES: 'MAX_ALIASES',
  MAX_DIRECTIVES: 'MAX_DIRECTIVES',
  /** The operation's price, its variables known (query-cost.ts). */
  MAX_COST: 'MAX_COST',
} as const;

export type LimitCode = keyof typeof LIMIT_CODES;

const isLimitCode = (code: unknown): code is LimitCode => typeof code === 'string' && code in LIMIT_CODES;

export interface LimitFigures {
  /** The limit that was passed. */
  limit: number;
  /** What the document or operation came to, where it was measured to the end. */
  actual?: number | undefined;
}

export function limitRefusal(
  message: string,
  code: LimitCode,
  figures: LimitFigures,
  options: GraphQLErrorOptions = {},
): GraphQLError {
  return new GraphQLError(message, {
    ...options,
    extensions: {
      code,
      limit: figures.limit,
      ...(figures.actual === undefined ? {} : { actual: figures.actual }),
      ...options.extensions,
    },
  });
}

/**
 * The limit's code of an error Apollo Server answered as GRAPHQL_VALIDATION_FAILED (it puts its own code over a
 * validation rule's, keeping the rule's error as the original); undefined for any other error.
 */
export function limitCodeOf(error: unknown): LimitCode | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    const code = (current as GraphQLError).extensions?.code;
    if (isLimitCode(code)) return code;
    current = (current as GraphQLError).originalError;
  }
  return undefined;
}

/** The figures graphql-armor's rules write in their messages ("… limit of 12 exceeded, found 13."). */
export function armorFigures(message: string): LimitFigures | undefined {
  const found = /limit of (\d+) exceeded, found (\d+)/.exec(message);
  return found ? { limit: Number(found[1]), actual: Number(found[2]) } : undefined;
}
