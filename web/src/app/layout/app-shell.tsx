// The frame around every screen: the session (restored from the stored token, 'Loading...' meanwhile), the
// navbar, a notice for staff whose screens wait for a second factor, the live updates while someone is logged in,
// and the screen itself, whose heading receives the focus after each navigation. Every screen in it writes money and
// time as the viewer's preferences say (lib/use-formats).
import { Suspense, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { ErrorState, Loading } from '@/components/feedback';
import { Page } from '@/components/page';
import { formatsFor } from '@/lib/format';
import { FormatsContext } from '@/lib/use-formats';
import { LiveUpdates } from '../live-updates';
import { Navbar } from './navbar';
import { TwoFactorNotice } from './two-factor-notice';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useScrollToTopOnNavigation } from './use-scroll-on-navigation';
import { useSession } from './use-session';
import styles from './app-shell.module.css';

export function AppShell() {
  const { state, viewer, retry } = useSession();
  const mainRef = useRef<HTMLElement>(null);
  useScrollToTopOnNavigation();
  useFocusOnNavigation(mainRef);
  return (
    <FormatsContext value={formatsFor(viewer?.preferences)}>
      <div className={styles.shell}>
        <a href="#main" className={styles.skipLink}>
          Skip to content
        </a>
        <Navbar session={state} viewer={viewer} />
        {state === 'active' && viewer?.permissionsAwaitTwoFactor && <TwoFactorNotice />}
        <main id="main" ref={mainRef} className={styles.main} tabIndex={-1}>
          {state === 'restoring' && (
            <div className={styles.restoring}>
              <Loading />
            </div>
          )}
          {state === 'failed' && (
            <Page narrow>
              <ErrorState
                message="Failed to load profile"
                hint="The shop could not be reached. Check your connection and try again."
                onRetry={retry}
              />
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
    </FormatsContext>
  );
}
