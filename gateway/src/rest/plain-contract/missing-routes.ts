// Routes that only extensions of the contract have (password resets, address verification: DESIGN §4): an
// implementation without one answers 404 (or 405) on the route itself, which is told to the client as NOT_SUPPORTED
// rather than passed for "no such account" or "no link". The data sources hand their call to `unlessMissing`.
import { GraphQLError } from 'graphql';
import { UpstreamRejection } from '../../errors.js';

/**
 * The call's answer; NOT_SUPPORTED, naming `path` and `what` the implementation lacks, where it answers that it has no
 * such route.
 */
export async function unlessMissing<T>(path: string, call: () => Promise<T>, what = 'password reset'): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissingRoute(error)) {
      throw new GraphQLError(`The shop's REST service offers no ${what} (it lacks the POST ${path} extension)`, {
        extensions: { code: 'NOT_SUPPORTED' },
      });
    }
    throw error;
  }
}

/**
 * Whether the implementation answered that it has no such route: a 404 with the contract's own code for a missing
 * route, or with none at all (another implementation), or a 405; any other 404 is the route's own answer.
 */
export function isMissingRoute(error: unknown): boolean {
  return (
    error instanceof UpstreamRejection &&
    (error.status === 405 || (error.status === 404 && (error.restCode ?? 'NO_SUCH_ENDPOINT') === 'NO_SUCH_ENDPOINT'))
  );
}
