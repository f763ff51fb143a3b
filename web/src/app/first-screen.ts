// What the first screen needs, asked for as the app starts. The shell shows a screen only once the stored session is
// restored (the Session query), and the screen asks for its data only once shown: two round trips one after the
// other, over half a second each on a phone's connection (bench/README.md: web.first_product_throttled_ms). Both are
// asked for at once instead, before React has rendered anything; the hooks then find the answers in the cache, or
// join the requests under way (same document, same variables). The listing is the one screen asked for this way:
// it is where a returning shopper lands. On the bare `/`, the page itself asked for both before this script arrived
// (early-requests.ts): early-answers.ts hands those answers to these queries.
import type { ApolloClient } from '@apollo/client';
import { askForListing } from '../features/product-listing/product-listing-route';
import { SessionDocument } from '../gql/graphql';
import { readToken } from '../lib/session';

export function askForFirstScreen(client: ApolloClient, { pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  // Without a session nothing is asked for: the first screen is /login.
  if (!readToken()) return;
  // A failure is the shell's and the route's to show: their own queries find no answer in the cache and ask again.
  client.query({ query: SessionDocument }).catch(() => undefined);
  if (pathname === '/') askForListing(client, new URLSearchParams(search)).catch(() => undefined);
}
