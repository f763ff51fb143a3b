// Staff whose permissions the shop holds back until they turn on two-factor sign-in (STAFF_TWO_FACTOR_REQUIRED) sign
// in as shoppers: without a word on every screen they would only find their staff screens gone. The notice goes as
// soon as the second factor is on (enableTwoFactor answers the viewer anew), and on the tab that turns it on, which
// says it there (that tab's heading then takes the focus the vanished link had). A named region, so a screen reader
// finds it among the landmarks.
import { Link, useMatch, useSearchParams } from 'react-router-dom';
import type { ProfileTabState } from '@/lib/navigation-state';
import { profileTabPath } from '@/lib/profile-tabs';
import styles from './app-shell.module.css';

const ARRIVAL: ProfileTabState = { focusTab: true };

export function TwoFactorNotice() {
  const onProfile = useMatch('/profile') !== null;
  const [search] = useSearchParams();
  if (onProfile && search.get('tab') === 'two-factor') return null;
  return (
    <section className={styles.notice} aria-label="Two-factor sign-in needed">
      <p className={styles.noticeText}>
        Your staff roles need two-factor sign-in: your staff screens open once it is on.{' '}
        <Link to={profileTabPath('two-factor')} state={ARRIVAL} className={styles.noticeLink}>
          Set Up Two-Factor Sign-In
        </Link>
      </p>
    </section>
  );
}
