// How failures reach GraphQL clients (DESIGN §5): expected ones as userErrors in mutation payloads, the rest as
// GraphQL errors with extensions.code. REST statuses map as: 400/409 → userErrors (BAD_USER_INPUT/CONFLICT
// outside mutations), 401 → UNAUTHENTICATED, 403 → FORBIDDEN, 404 → NOT_FOUND, no answer/5xx → UPSTREAM_UNAVAILABLE.
import { GraphQLError } from 'graphql';
import type { RuleViolation } from '../../shop-rules/rule-violation.js';

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
    /** A 429's Retry-After, in seconds: when the limit lets the caller try again. */
    readonly retryAfterSeconds?: number,
    /** A login's 401 SECOND_FACTOR_REQUIRED: what its second step takes with the code (extension two-factor). */
    readonly challenge?: string,
  ) {
    super(message, {
      extensions: {
        code: CODE_BY_STATUS[status] ?? 'BAD_USER_INPUT',
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      },
    });
  }
}

/** Retry-After (RFC 9110 §10.2.3) in whole seconds from now: a number of seconds, or a date; undefined when neither. */
export function retryAfterSecondsOf(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^[0-9]{1,9}$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export const UPSTREAM_UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';

/** The REST service did not answer in time, refused the connection, or failed (5xx). Details go to the log only. */
export class UpstreamUnavailable extends GraphQLError {
  constructor(
    readonly detail: string,
    /**
     * Which REST instance failed, for the log: the address called (REST_URL's), or, behind a proxy that names the
     * instance it passed the call to (the cluster's nginx: X-Upstream-Address), that instance and the proxy.
     */
    readonly instance?: string,
  ) {
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
    readonly code: 'INVALID_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'PRICE_CHANGED' = 'INVALID_INPUT',
  ) {
    super(message);
  }
}

/** Several of an input's fields break rules: each is a userError of the same payload. */
export class InputProblems extends Error {
  constructor(readonly problems: readonly InputProblem[]) {
    super(problems.map((problem) => problem.message).join('; '));
  }
}

/** Throws what an input breaks, all at once: one problem as it is, several together, none not at all. */
export function refuseAll(problems: readonly (InputProblem | RuleViolation)[]): void {
  const all = problems.map((problem) =>
    problem instanceof InputProblem ? problem : new InputProblem(problem.message, problem.field),
  );
  if (all.length === 1) throw all[0]!;
  if (all.length > 1) throw new InputProblems(all);
}

const isViolation = (checked: unknown): checked is RuleViolation =>
  typeof checked === 'object' && checked !== null && 'message' in checked && 'field' in checked;

/**
 * An input checked field by field, so that every field's refusal is answered at once (not one per attempt): each
 * check answers the value a rule left (or undefined when it refused), and `done` throws what was found.
 */
export class InputCheck {
  private readonly problems: InputProblem[] = [];

  value<T>(checked: T | RuleViolation): T | undefined {
    if (!isViolation(checked)) return checked;
    this.problems.push(new InputProblem(checked.message, checked.field));
    return undefined;
  }

  /** A check of the gateway's own (an id of the wrong type): its refusal, or undefined for its value. */
  attempt<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof InputProblem)) throw error;
      this.problems.push(error);
      return undefined;
    }
  }

  add(...problems: readonly (InputProblem | RuleViolation)[]): void {
    for (const problem of problems)
      this.problems.push(problem instanceof InputProblem ? problem : new InputProblem(problem.message, problem.field));
  }

  /** Throws these with every problem found before them. */
  refuse(...problems: readonly (InputProblem | RuleViolation)[]): never {
    this.add(...problems);
    refuseAll(this.problems);
    throw new Error('refuse() was given no problem');
  }

  /** Throws every problem found; afterwards every value checked is there. */
  done(): void {
    refuseAll(this.problems);
  }
}

/**
 * What the log says when the REST service did not answer, naming the instance, with what to do (its detail comes beside
 * it).
 */
export const upstreamUnavailableLine = (error: UpstreamUnavailable) =>
  `the REST service${error.instance ? ` at ${error.instance}` : ''} did not answer: check that it runs and that REST_URL points at it`;
