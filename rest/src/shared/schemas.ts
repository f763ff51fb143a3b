// Schemas shared by several routes: null-able fields, `{ message }` answers, numeric ids in paths.
import { Type, type TSchema } from 'typebox';

/** The contract answers every field, `null` when unset (DESIGN §3). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MessageAnswer = Type.Object(
  {
    message: Type.String(),
    field: Type.Optional(Type.String({ description: 'The request field at fault, when it is one (extension)' })),
  },
  { description: 'What happened, for people' },
);

/** Database ids are positive 32-bit integers; larger numbers cannot name anything (and PostgreSQL refuses them). */
export const MAX_DATABASE_ID = 2_147_483_647;
export const DatabaseId = Type.Integer({ minimum: 1, maximum: MAX_DATABASE_ID });

export const IdParams = Type.Object({ id: DatabaseId });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO-8601, UTC' });

/** The failures every authenticated route can answer, for the OpenAPI document. */
export const errorAnswers = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, MessageAnswer])) as Record<number, typeof MessageAnswer>;

export const BEARER_SECURITY = [{ bearerAuth: [] }];
