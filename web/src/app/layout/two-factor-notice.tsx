// Staff whose permissions the shop holds back until they turn on two-factor sign-in (STAFF_TWO_FACTOR_REQUIRED) sign
// in as shoppers: without a word on every screen they would only find their staff screens gone. The notice goes as
// soon as the second factor is on (enableTwoFactor answers the viewer anew), and on the tab that turns it on, which
// says it there.
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { profileTabPath } from '@/lib/profile-tabs';
import styles from './app-shell.module.css';

export function TwoFactorNotice() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  if (pathname === '/profile' && search.get('tab') === 'two-factor') return null;
  return (
    <div className={styles.notice}>
      <p className={styles.noticeText}>
        Your staff roles need two-factor sign-in: your staff screens open once it is on.{' '}
        <Link to={profileTabPath('two-factor')} className={styles.noticeLink}>
          Set Up Two-Factor Sign-In
        </Link>
      </p>
    </div>
  );
}
