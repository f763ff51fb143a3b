// How failures reach GraphQL clients (DESIGN §5): expected ones as userErrors in mutation payloads, the rest as
// GraphQL errors with extensions.code. REST statuses map as: 400/409 → userErrors (BAD_USER_INPUT/CONFLICT
// outside mutations), 401 → UNAUTHENTICATED, 403 → FORBIDDEN, 404 → NOT_FOUND, no answer/5xx → UPSTREAM_UNAVAILABLE.
import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'UPSTREAM_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The REST service answered 4xx: its `{ message }` is meant for people and is passed on as it is. `restCode` (stable,
 * for programs) and `field` (the request field at fault, if one is) come where the implementation sends them: our
 * REST service does; the plain contract has only the message.
 */
export class UpstreamRejection extends GraphQLError {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly restCode?: string,
  ) {
    super(message, { extensions: { code: CODE_BY_STATUS[status] ?? 'BAD_USER_INPUT' } });
  }
}

export const UPSTREAM_UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';

/** The REST service did not answer in time, refused the connection, or failed (5xx). Details go to the log only. */
export class UpstreamUnavailable extends GraphQLError {
  constructor(readonly detail: string) {
    super(UPSTREAM_UNAVAILABLE_MESSAGE, { extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  }
}

/** An operation that would make more REST calls than one operation may (UPSTREAM_CALLS_PER_OPERATION). */
export class OperationTooLarge extends GraphQLError {
  constructor(limit: number) {
    super(`This operation needs more than ${limit} calls to the shop's backend: ask for fewer things at once`, {
      extensions: { code: 'OPERATION_TOO_LARGE' },
    });
  }
}

export const unauthenticated = () =>
  new GraphQLError('You need to log in', { extensions: { code: 'UNAUTHENTICATED' } });

export const notFound = (what: string) => new GraphQLError(`${what} not found`, { extensions: { code: 'NOT_FOUND' } });

/** A rule the gateway checks itself before calling the REST service, e.g. an id of the wrong type in an input. */
export class InputProblem extends Error {
  constructor(
    message: string,
    /** The input field at fault; null when the problem is not one field's (an empty cart at checkout). */
    readonly field: string | null,
    readonly code: 'INVALID_INPUT' | 'NOT_FOUND' = 'INVALID_INPUT',
  ) {
    super(message);
  }
}

/** The value as a rule of shop-rules left it (trimmed, say), or the rule's refusal thrown as a userError at its field. */
export function obeying<T>(checked: T | { message: string; field: string | null }): T {
  if (typeof checked === 'object' && checked !== null && 'message' in checked && 'field' in checked) {
    throw new InputProblem(checked.message, checked.field);
  }
  return checked;
}
