// Limits on what a document may ask, the same over HTTP and over the socket, checked before anything runs and each
// with bounded work: its size (comments count), its tokens (while parsing), its shape once fragments are spread
// (document-shape.ts), then graphql-js's validation with graphql-armor's depth, alias and directive limits. What an
// operation costs depends on its variables: see query-cost.ts. A refused document never reaches a resolver or the
// REST service, and its refusal reads the same on both transports.
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
import { shapeRefusal } from './document-shape.js';
import { type LimitCode, armorFigures, limitCodeOf, limitRefusal } from './limit-refusal.js';

export const QUERY_LIMITS = {
  /** Bytes of a document's text, comments and whitespace included; the largest screen query has about 700. */
  maxDocumentBytes: 16 * 1024,
  /** The deepest screen query (a chat room's messages with their room) is 8 levels. */
  maxDepth: 12,
  maxAliases: 15,
  maxDirectives: 20,
  /** Tokens in a document; the largest screen query has a few hundred. */
  maxTokens: 2000,
};

/** The codes of refused documents, as Apollo Server names them over HTTP. */
export const PARSE_FAILED = 'GRAPHQL_PARSE_FAILED';
export const VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED';

/**
 * A refused query is reported to the validation context like any other validation error (400) instead of thrown
 * (which would be a 500), without armor's misleading "Syntax Error:", and with its limit's code and figures (Apollo
 * Server answers it as GRAPHQL_VALIDATION_FAILED, which app.ts's formatError puts back to the limit's code).
 */
const reportRefusal = (code: LimitCode, limit: number) => ({
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(
        limitRefusal(error.message.replace(/^Syntax Error: /, ''), code, armorFigures(error.message) ?? { limit }),
      ),
  ],
});

/**
 * The rules run beside graphql-js's own: the shape limits, and with introspection off the rule that refuses it
 * (one rule for both transports, so the refusal reads the same).
 */
export function queryLimitRules(options: { introspection: boolean }): ValidationRule[] {
  return [
    maxDepthRule({
      n: QUERY_LIMITS.maxDepth,
      // Depth is how deep the answer nests: fields, not the fragments a client groups them in (armor would count
      // each spread twice, so the web's orders page, 7 fields deep through 3 fragments, was refused at 13).
      flattenFragments: true,
      ignoreIntrospection: true,
      ...reportRefusal('MAX_DEPTH', QUERY_LIMITS.maxDepth),
    }),
    maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...reportRefusal('MAX_ALIASES', QUERY_LIMITS.maxAliases) }),
    maxDirectivesRule({
      n: QUERY_LIMITS.maxDirectives,
      ...reportRefusal('MAX_DIRECTIVES', QUERY_LIMITS.maxDirectives),
    }),
    ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
}

/** graphql-js says "more that 2000 tokens"; clients read "more than". */
export const clarifyParseError = (message: string) =>
  message.replace(/ more that (\d+) tokens/, ' more than $1 tokens');

/** graphql-js's parse error for a document over the token limit (parsing stops there: only the limit is known). */
export const isTokenLimitError = (message: string) => / more th[ae]t \d+ tokens/.test(message);

export const parseOptions = { maxTokens: QUERY_LIMITS.maxTokens };

/**
 * Drops "Did you mean …?" (the same rewrite as Apollo Server's): in production it would reveal the schema name by name.
 */
export const withoutSuggestions = (message: string) => message.replace(/ ?Did you mean(.+?)\?$/, '');

/** The same error with a code (and where it was found), as a client should receive it. */
export function withCode(error: GraphQLError, code: string, message = error.message): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.nodes ? undefined : error.source,
    positions: error.nodes ? undefined : error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/**
 * A document over QUERY_LIMITS.maxDocumentBytes, refused before it is read (a megabyte of comments is valid GraphQL).
 */
export function documentSizeRefusal(text: string): GraphQLError | undefined {
  // Characters first: a UTF-8 byte count would read the whole text of every request.
  if (text.length * 3 <= QUERY_LIMITS.maxDocumentBytes) return undefined;
  const bytes = Buffer.byteLength(text);
  if (bytes <= QUERY_LIMITS.maxDocumentBytes) return undefined;
  return limitRefusal(
    `The document is ${bytes} bytes long; at most ${QUERY_LIMITS.maxDocumentBytes} are allowed, comments and whitespace included`,
    'MAX_DOCUMENT_SIZE',
    { limit: QUERY_LIMITS.maxDocumentBytes, actual: bytes },
  );
}

type Parsed = { document: DocumentNode; refusal?: undefined } | { refusal: GraphQLError; document?: undefined };

/** Size, tokens and shape: what is checked before validation, whose own work this bounds. */
export function parseWithinLimits(text: string): Parsed {
  const tooLarge = documentSizeRefusal(text);
  if (tooLarge) return { refusal: tooLarge };
  let document: DocumentNode;
  try {
    document = parse(text, parseOptions);
  } catch (error) {
    const parseError = error as GraphQLError;
    if (isTokenLimitError(parseError.message)) {
      return {
        refusal: limitRefusal(
          clarifyParseError(parseError.message),
          'MAX_TOKENS',
          { limit: QUERY_LIMITS.maxTokens },
          { source: parseError.source, positions: parseError.positions },
        ),
      };
    }
    return { refusal: withCode(parseError, PARSE_FAILED, clarifyParseError(parseError.message)) };
  }
  const badShape = shapeRefusal(document);
  return badShape ? { refusal: badShape } : { document };
}

/**
 * The checks Apollo Server cannot run before its own parsing and validation, for HTTP: a document too large, not
 * GraphQL, or too big once its fragments are spread is refused here, before Apollo Server reads it. Documents that
 * passed are remembered (up to a bounded amount of text), so a client sending the same query again costs a lookup.
 */
export function createDocumentScreen(maxRememberedCharacters = 2 * 1024 * 1024) {
  const passed = new Map<string, true>();
  let remembered = 0;
  return (text: string): GraphQLError | undefined => {
    if (passed.has(text)) return undefined;
    const parsed = parseWithinLimits(text);
    if (parsed.refusal) return parsed.refusal;
    passed.set(text, true);
    remembered += text.length;
    for (const [oldest] of passed) {
      if (remembered <= maxRememberedCharacters) break;
      passed.delete(oldest);
      remembered -= oldest.length;
    }
    return undefined;
  };
}

/** Parse and validate a socket operation as Apollo Server does an HTTP one, with the same codes and messages. */
export function checkDocument(
  schema: GraphQLSchema,
  query: string,
  options: { introspection: boolean },
): { document: DocumentNode; errors?: undefined } | { errors: readonly GraphQLError[] } {
  const parsed = parseWithinLimits(query);
  if (parsed.refusal) return { errors: [parsed.refusal] };
  const errors = validate(schema, parsed.document, [...specifiedRules, ...queryLimitRules(options)]);
  // A limit's refusal keeps its own code, as app.ts's formatError gives it over HTTP.
  return errors.length > 0
    ? { errors: errors.map((error) => withCode(error, limitCodeOf(error) ?? VALIDATION_FAILED)) }
    : { document: parsed.document };
}
