// /verify-email?token=… (the link of the verification e-mail): the address is verified as the page opens, whoever is
// logged in here or nobody (the token is the proof). The token leaves the address bar at once, as on the reset page,
// and the page is served with no referrer. Once verified, the entry remembers it: a reload says so again rather than
// opening the used link a second time.
import { gql } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { INVALID_VERIFICATION_TOKEN } from '../../../../shop-rules/account-rules';
import { Button, ButtonLink } from '../../components/button';
import { Alert, Loading } from '../../components/feedback';
import { VerifyEmailDocument } from '../../gql/graphql';
import type { VerifyEmailPageState } from '../../lib/navigation-state';
import { readToken } from '../../lib/session';
import styles from './auth.module.css';

if (false) {
  gql`
    mutation VerifyEmail($input: VerifyEmailInput!) {
      verifyEmail(input: $input) {
        email
        viewer {
          id
          emailVerified
        }
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

export const VERIFYING = 'Verifying your email address...';
export const VERIFY_FAILED = 'Failed to verify the email address. Please try again.';
export const VERIFICATION_NOT_AVAILABLE = 'Email verification is not available on this shop. Please contact the shop.';
export const verifiedMessage = (email: string) =>
  `Your email address ${email} is verified. Your order updates and password reset links will be sent there.`;

type Outcome = { state: 'verifying' } | { state: 'verified'; email: string } | { state: 'dead'; message: string } | { state: 'failed'; message: string };

export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const pageState = location.state as VerifyEmailPageState | null;
  const inAddress = searchParams.get('token')?.trim() ?? '';
  const token = inAddress || (pageState?.token ?? '');
  const verifiedBefore = pageState?.verifiedEmail;
  useEffect(() => {
    // The secret leaves the address bar and the history list; this entry's state keeps it, so a reload still has it.
    if (inAddress) navigate('/verify-email', { replace: true, state: { token: inAddress } satisfies VerifyEmailPageState });
  }, [inAddress, navigate]);
  const [verifyEmail] = useMutation(VerifyEmailDocument);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    verifiedBefore ? { state: 'verified', email: verifiedBefore } : token ? { state: 'verifying' } : { state: 'dead', message: INVALID_VERIFICATION_TOKEN },
  );

  const verify = useCallback(async () => {
    setOutcome({ state: 'verifying' });
    try {
      const { data } = await verifyEmail({ variables: { input: { token } } });
      const payload = data?.verifyEmail;
      if (payload?.email && payload.userErrors.length === 0) {
        // The link is used up: the entry keeps what it did instead (a reload shows it, and sends nothing).
        navigate('/verify-email', { replace: true, state: { verifiedEmail: payload.email } satisfies VerifyEmailPageState });
        setOutcome({ state: 'verified', email: payload.email });
        return;
      }
      const linkError = payload?.userErrors.find((error) => error.field === 'token');
      if (linkError) setOutcome({ state: 'dead', message: linkError.message });
      else setOutcome({ state: 'failed', message: payload?.userErrors[0]?.message ?? VERIFY_FAILED });
    } catch (error) {
      const unsupported = CombinedGraphQLErrors.is(error) && error.errors.some((graphQLError) => graphQLError.extensions?.code === 'NOT_SUPPORTED');
      setOutcome({ state: 'failed', message: unsupported ? VERIFICATION_NOT_AVAILABLE : VERIFY_FAILED });
    }
  }, [navigate, token, verifyEmail]);

  // Once per token: React may run an effect twice, and the link works only once.
  const started = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!token || verifiedBefore || started.current === token) return;
    started.current = token;
    void verify();
  }, [token, verifiedBefore, verify]);

  const loggedIn = readToken() !== null;
  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="verify-title">
        <div className={styles.heading}>
          <h1 id="verify-title">Verify your email address</h1>
          <p className={styles.subtitle}>The link we emailed to your address works once, for 24 hours.</p>
        </div>
        {outcome.state === 'verifying' && <Loading label={VERIFYING} />}
        {outcome.state === 'verified' && (
          <>
            <Alert tone="success">{verifiedMessage(outcome.email)}</Alert>
            <ButtonLink variant="primary" size="large" block to={loggedIn ? '/profile' : '/login'}>
              {loggedIn ? 'Go to My Profile' : 'Log In'}
            </ButtonLink>
          </>
        )}
        {outcome.state === 'dead' && (
          <>
            <Alert tone="error">{outcome.message}</Alert>
            <p className={styles.note}>On your profile, beside your email address, “Send the link again” emails you a new one.</p>
            <ButtonLink variant="primary" size="large" block to="/profile">
              Ask for a New Link
            </ButtonLink>
          </>
        )}
        {outcome.state === 'failed' && (
          <>
            <Alert tone="error">{outcome.message}</Alert>
            <Button size="large" block onClick={() => void verify()}>
              Try Again
            </Button>
          </>
        )}
        <p className={styles.switch}>
          <Link to="/">Go to the shop</Link>
        </p>
      </section>
    </div>
  );
}
