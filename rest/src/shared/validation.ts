// Request validation: JSON bodies are checked strictly (a price sent as "12" is a wrong type, not 12), while
// path and query parameters, which are always text on the wire, are coerced to the declared types.
// Every failure becomes one `{ message }` a person can read, e.g. "Price must be at least 0".
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { HttpError } from './http-errors.js';

function createAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    // verbose keeps the failing schema on each error, so a schema's own `errorMessage` can be shown.
    verbose: true,
  });
  // ajv-formats is CommonJS: under NodeNext its function is the default export's `default`.
  addFormatsModule.default(ajv);
  // A schema may carry its own message: one text, or one text per failing keyword ({ pattern: '…' }).
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}

const bodyAjv = createAjv(false);
const parameterAjv = createAjv(true);

type JsonSchemaObject = { type?: unknown; properties?: Record<string, { type?: unknown }>; allOf?: JsonSchemaObject[] };

/** The declared type of a top-level property, looking into allOf (TypeBox intersections). */
function declaredType(schema: JsonSchemaObject, key: string): unknown {
  return schema.properties?.[key]?.type ?? schema.allOf?.map((part) => declaredType(part, key)).find(Boolean);
}

/**
 * Coercion turns the text "Infinity" (or 1e400) into a number that Ajv lets past integer, minimum and maximum
 * alike; no parameter of the shop is infinite, so any that is fails like text that is no number.
 */
function refusingInfinity(schema: JsonSchemaObject, validate: ValidateFunction): ValidateFunction {
  const guarded = ((data: unknown) => {
    if (!validate(data)) {
      guarded.errors = validate.errors;
      return false;
    }
    for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        guarded.errors = [
          {
            keyword: 'type',
            instancePath: `/${key}`,
            schemaPath: '',
            params: { type: declaredType(schema, key) ?? 'number' },
            data: value,
          },
        ];
        return false;
      }
    }
    guarded.errors = null;
    return true;
  }) as ValidateFunction;
  return guarded;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body'
    ? bodyAjv.compile(schema)
    : refusingInfinity(schema as JsonSchemaObject, parameterAjv.compile(schema));

const WORD_OVERRIDES: Record<string, string> = { url: 'URL', urls: 'URLs', id: 'ID', ids: 'IDs', sku: 'SKU' };

/** "shippingAddress" → "Shipping address", "imageUrls" → "Image URLs". */
export function humanize(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => WORD_OVERRIDES[word.toLowerCase()] ?? word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function fieldLabel(error: ErrorObject, dataVar: string): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (segments.length === 0) return dataVar === 'body' ? 'Request body' : humanize(dataVar);
  const last = segments[segments.length - 1]!;
  if (/^\d+$/.test(last) && segments.length > 1) {
    return `${humanize(segments[segments.length - 2]!)} entry ${Number(last) + 1}`;
  }
  return humanize(last);
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a JSON object',
};

function describeType(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== 'null').map(String);
  return types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

type SchemaWithMessage = { errorMessage?: unknown; properties?: Record<string, { errorMessage?: unknown }> };

/** A schema's own message for this failure: `errorMessage` as one text, or per keyword ({ pattern: '…' }). */
function ownMessage(error: ErrorObject): string | undefined {
  const parent = error.parentSchema as SchemaWithMessage | undefined;
  // A missing field fails on the object; its own schema may say what to tell people ({ required: '…' }).
  const messages =
    error.keyword === 'required'
      ? parent?.properties?.[String(error.params.missingProperty)]?.errorMessage
      : parent?.errorMessage;
  if (typeof messages === 'string') return error.keyword === 'required' ? undefined : messages;
  const perKeyword = (messages as Record<string, unknown> | undefined)?.[error.keyword];
  return typeof perKeyword === 'string' ? perKeyword : undefined;
}

export function validationMessage(error: ErrorObject, dataVar: string): string {
  const own = ownMessage(error);
  if (own) return own;
  const label = fieldLabel(error, dataVar);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'type':
      // Fastify validates a missing body (or a JSON null) as null.
      if (error.instancePath === '' && error.data == null) return `${label} is required`;
      // In a JSON body "2" is text, not a number: say so, or "must be a whole number" reads as nonsense.
      return `${label} must be ${describeType(params.type)}${dataVar === 'body' && typeof error.data === 'string' ? ', not text' : ''}`;
    case 'minLength':
      return params.limit === 1 ? `${label} is required` : `${label} must be at least ${params.limit} characters long`;
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters long`;
    case 'minimum':
      return `${label} must be at least ${params.limit}`;
    case 'maximum':
      return `${label} must be at most ${params.limit}`;
    case 'exclusiveMinimum':
      return `${label} must be greater than ${params.limit}`;
    case 'minItems':
      return `${label} must have at least ${params.limit} entries`;
    case 'maxItems':
      return `${label} must have at most ${params.limit} entries`;
    case 'enum':
      return `${label} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return `${label} must be a valid ${params.format}`;
    default:
      return `${label} is invalid`;
  }
}

/**
 * The field a validation error is about: the innermost named one ("price"; "language" inside preferences;
 * "imageUrls" for one of its entries), if any.
 */
function fieldOf(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  return error.instancePath
    .split('/')
    .filter((segment) => segment && !/^\d+$/.test(segment))
    .pop();
}

export function schemaErrorFormatter(errors: ErrorObject[], dataVar: string): Error {
  const first = errors[0];
  return new HttpError(
    400,
    first ? validationMessage(first, dataVar) : 'The request is invalid',
    'INVALID_INPUT',
    first ? fieldOf(first) : undefined,
  );
}

/**
 * The first text in a request's body, query or params that holds a NUL character, as a field label. Walks with its
 * own stack, not recursion: a body may nest thousands of levels deep within the size limit.
 */
export function fieldWithNul(root: unknown): { key: string; label: string } | undefined {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, key] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { key, label: humanize(key || 'text') };
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push([item, key]);
    } else if (value && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) pending.push([child, childKey]);
    }
  }
  return undefined;
}
