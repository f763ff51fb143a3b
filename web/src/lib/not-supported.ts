// Where the shop's REST service lacks an extension (the plain contract), the graph answers NOT_SUPPORTED: a screen
// says the shop does not offer that, not that it failed (trying again would not help).
import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** Whether the graph refused because the shop does not offer what was asked. */
export const isNotSupported = (error: unknown): boolean =>
  CombinedGraphQLErrors.is(error) &&
  error.errors.some((graphQLError) => graphQLError.extensions?.code === 'NOT_SUPPORTED');
