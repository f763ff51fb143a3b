// Request validation: JSON bodies are checked strictly (a price sent as "12" is a wrong type, not 12), while
// path and query parameters, which are always text on the wire, are coerced to the declared types.
// Every failure becomes one `{ message }` a person can read, e.g. "Price must be at least 0".
import { Ajv, type ErrorObject } from 'ajv';
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

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : parameterAjv).compile(schema);

const WORD_OVERRIDES: Record<string, string> = { url: 'URL', urls: 'URLs', id: 'ID', ids: 'IDs' };

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

export function validationMessage(error: ErrorObject, dataVar: string): string {
  const ownMessage = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (error.keyword !== 'required') {
    if (typeof ownMessage === 'string') return ownMessage;
    const perKeyword = (ownMessage as Record<string, unknown> | undefined)?.[error.keyword];
    if (typeof perKeyword === 'string') return perKeyword;
  }
  const label = fieldLabel(error, dataVar);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'type':
      return `${label} must be ${describeType(params.type)}`;
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

export function schemaErrorFormatter(errors: ErrorObject[], dataVar: string): Error {
  const first = errors[0];
  return new HttpError(400, first ? validationMessage(first, dataVar) : 'The request is invalid');
}
