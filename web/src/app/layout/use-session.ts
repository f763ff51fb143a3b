// The session as the shell and its navbar see it: none, being restored from the stored token, not restorable for
// now (the shop unreachable: Retry), or active with the viewer the navbar shows, and the language and time zone every
// screen writes dates, times and amounts in (followed in the cache: a saved change shows at once).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { SessionDocument } from '@/gql/graphql';
import { useToken } from '@/lib/session';
import { isUnauthenticated } from '../apollo-client';

if (false) {
  gql`
    query Session {
      viewer {
        id
        username
        isAdmin
        permissions
        permissionsAwaitTwoFactor
        preferences {
          language
          timezone
        }
        ...Navbar_viewer
      }
    }
  `;
}

/** What the shell shows: the screen (none, active), "Loading..." (restoring) or Retry (failed). */
export type SessionState = 'none' | 'restoring' | 'failed' | 'active';

export function useSession() {
  const token = useToken();
  const query = useQuery(SessionDocument, { skip: !token, notifyOnNetworkStatusChange: true });
  const viewer = token ? (query.data?.viewer ?? null) : null;
  let state: SessionState = 'none';
  if (token && viewer) state = 'active';
  else if (token && query.error && !isUnauthenticated(query.error)) state = 'failed';
  else if (token) state = 'restoring';
  return { state, viewer, retry: () => void query.refetch() };
}
