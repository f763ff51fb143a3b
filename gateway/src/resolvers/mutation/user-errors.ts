// Mutations answer expected failures as payload userErrors (DESIGN §5): the REST service's 400/403/404/409
// and the gateway's own input checks. 401 and an unavailable upstream stay GraphQL errors.
import type { UserError, UserErrorCode } from '../../__generated__/resolvers-types.js';
import { InputProblem, InputProblems, UpstreamRejection } from '../../errors.js';

const CODE_BY_STATUS: Record<number, UserErrorCode> = {
  400: 'INVALID_INPUT',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'INVALID_INPUT',
  429: 'TOO_MANY_ATTEMPTS',
};

const words = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The input field a REST message is about, read from the message itself ("Price must be at least 0" → price): the
 * fallback for implementations of the contract whose answers carry no `code` and `field` (the plain contract has
 * only `message`). `hints` settle messages that name none or several. Our REST service says its field, so this
 * never decides for it: rewording one of its messages cannot move a userError to another field.
 */
export function fieldOfMessage(
  message: string,
  fields: readonly string[],
  hints: readonly [RegExp, string | null][] = [],
): string | null {
  for (const [pattern, field] of hints) if (pattern.test(message)) return field;
  const text = message.toLowerCase();
  const candidates = [...fields].sort((a, b) => words(b).length - words(a).length);
  // As whole words (a plural too): "Invalid value" names no `id`, "Passwords" names `password`.
  const named = (field: string) =>
    new RegExp(`\\b${words(field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?\\b`).test(text);
  return candidates.find(named) ?? null;
}

/** The input field for the request field the REST service named; null when the input has no such field. */
function inputFieldOf(restField: string, options: UserErrorOptions): string | null {
  const field = options.restFields?.[restField] ?? restField;
  return options.fields?.includes(field) ? field : null;
}

export interface MutationInput {
  clientMutationId?: string | null;
}

export interface UserErrorOptions {
  /** The input's field names: a REST field is passed on only when it is one of them. */
  fields?: readonly string[];
  /** Request fields of the REST call that are named otherwise in the input (`receiver` in a path → roomId). */
  restFields?: Record<string, string>;
  /**
   * For answers without a code only (fieldOfMessage): messages whose field cannot be read off them, or null for none.
   */
  hints?: readonly [RegExp, string | null][];
  /** Statuses answered as a specific code instead of the default (e.g. a failed login's 401). */
  codeByStatus?: Record<number, UserErrorCode>;
  /** The REST service's codes answered as a code of their own (PRICE_CHANGED rather than its status's CONFLICT). */
  codeByRestCode?: Record<string, UserErrorCode>;
}

export type Payload<T> = Partial<T> & { userErrors: UserError[]; clientMutationId: string | null };

export async function withUserErrors<T extends object>(
  input: MutationInput,
  options: UserErrorOptions,
  work: () => Promise<T>,
): Promise<Payload<T>> {
  const clientMutationId = input.clientMutationId ?? null;
  try {
    return { ...(await work()), userErrors: [], clientMutationId };
  } catch (error) {
    if (error instanceof InputProblem) {
      return {
        userErrors: [{ message: error.message, field: error.field, code: error.code }],
        clientMutationId,
      } as Payload<T>;
    }
    if (error instanceof InputProblems) {
      return {
        userErrors: error.problems.map((problem) => ({
          message: problem.message,
          field: problem.field,
          code: problem.code,
        })),
        clientMutationId,
      } as Payload<T>;
    }
    const code =
      error instanceof UpstreamRejection
        ? ((error.restCode !== undefined ? options.codeByRestCode?.[error.restCode] : undefined) ??
          options.codeByStatus?.[error.status] ??
          CODE_BY_STATUS[error.status])
        : undefined;
    if (!(error instanceof UpstreamRejection) || !code) throw error;
    // An answer that names its field is believed; one with a code but no field says no field is at fault; only an
    // answer with neither (the plain contract) is read for its field.
    const field = error.field
      ? inputFieldOf(error.field, options)
      : error.restCode !== undefined
        ? null
        : fieldOfMessage(error.message, options.fields ?? [], options.hints);
    // A limit's refusal says when to try again, in seconds as the REST service's Retry-After has it.
    const wait = code === 'TOO_MANY_ATTEMPTS' ? { retryAfterSeconds: error.retryAfterSeconds ?? null } : {};
    return { userErrors: [{ message: error.message, field, code, ...wait }], clientMutationId } as Payload<T>;
  }
}
