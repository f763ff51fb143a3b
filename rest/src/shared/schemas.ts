// Schemas shared by several routes: null-able fields, error answers, numeric ids in paths.
import { MAX_ROW_ID } from '../../../shop-rules/product-fields.js';
import { Type, type TSchema } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './http-errors.js';

/** The contract answers every field, `null` when unset (DESIGN §3). */
export const Nullable = <T extends TSchema>(schema: T, options?: { description: string }) =>
  Type.Union([schema, Type.Null()], options);

/** Every 4xx and 5xx answer: `message` for people, `code` for programs, `field` when one request field is at fault. */
export const ErrorAnswer = Type.Object(
  {
    message: Type.String({ description: 'What went wrong, for people; may be reworded' }),
    // An enum of strings (not a union of constants): OpenAPI tools generate a type from it, e.g. GraphQL Mesh.
    code: Type.Optional(
      Type.Enum(Object.keys(ERROR_CODES) as ErrorCode[], {
        description: 'What went wrong, for programs; stable (extension; the codes are listed above)',
      }),
    ),
    field: Type.Optional(
      Type.String({ description: 'The request field at fault: body, query or path parameter (extension)' }),
    ),
  },
  { description: 'An error' },
);

/** A success that has nothing to show but a sentence (a changed password). */
export const NoticeAnswer = Type.Object({ message: Type.String() }, { description: 'What happened, for people' });

/** Database ids are positive 32-bit integers; larger numbers cannot name anything (and PostgreSQL refuses them). */
export const MAX_DATABASE_ID = MAX_ROW_ID;
export const DatabaseId = Type.Integer({ minimum: 1, maximum: MAX_DATABASE_ID });

export const IdParams = Type.Object({ id: DatabaseId });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO-8601, UTC' });

/** The failures every authenticated route can answer, for the OpenAPI document. */
export const errorAnswers = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorAnswer])) as Record<number, typeof ErrorAnswer>;

export const BEARER_SECURITY = [{ bearerAuth: [] }];
/** Open to anyone, no token (the /api/auth/* routes): OpenAPI's empty security list. */
export const NO_SECURITY: [] = [];
