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
    // The REST field the answer names (or, on the plain contract, the data source read off its message), as the
    // input names it; none when the input has no such field.
    const field = error.field ? inputFieldOf(error.field, options) : null;
    // A limit's refusal says when to try again, in seconds as the REST service's Retry-After has it.
    const wait = code === 'TOO_MANY_ATTEMPTS' ? { retryAfterSeconds: error.retryAfterSeconds ?? null } : {};
    return { userErrors: [{ message: error.message, field, code, ...wait }], clientMutationId } as Payload<T>;
  }
}
