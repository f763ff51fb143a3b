// The frame around every screen: the session (restored from the stored token, 'Loading...' meanwhile), the
// navbar, the live updates while someone is logged in, and the screen itself.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ErrorState, Loading } from '../../components/feedback';
import { Page } from '../../components/page';
import { SessionDocument } from '../../gql/graphql';
import { useToken } from '../../lib/session';
import { isUnauthenticated } from '../apollo-client';
import { LiveUpdates } from '../live-updates';
import { Navbar } from './navbar';
import styles from './app-shell.module.css';

if (false) {
  gql`
    query Session {
      viewer {
        id
        username
        isAdmin
        ...Navbar_viewer
      }
    }
  `;
}

/** The session as the route guards see it. */
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

export function AppShell() {
  const { state, viewer, retry } = useSession();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Navbar viewer={state === 'active' ? viewer : null} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {state === 'restoring' && (
          <div className={styles.restoring}>
            <Loading />
          </div>
        )}
        {state === 'failed' && (
          <Page narrow>
            <ErrorState message="Failed to load profile" hint="The shop could not be reached. Check your connection and try again." onRetry={retry} />
          </Page>
        )}
        {(state === 'none' || state === 'active') && (
          <Suspense
            fallback={
              <div className={styles.restoring}>
                <Loading />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        )}
      </main>
      {state === 'active' && <LiveUpdates />}
    </div>
  );
}
