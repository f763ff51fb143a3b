// /verify-email?token=… (the link of the verification e-mail): the address is verified as the page opens, whoever is
// logged in here or nobody (the token is the proof). The token leaves the address bar at once, as on the reset page,
// and the page is served with no referrer. Once verified, the entry remembers it: a reload says so again rather than
// opening the used link a second time.
// A link that no longer works (most often one opened again after it did) is answered by what the viewer can do now:
// an address verified already is said to be, plainly; a new link is offered only where one can be asked for (an
// address not verified yet); a visitor logs in first and comes back here to be told which.
import { gql } from '@apollo/client';
import { isNotSupported } from '@/lib/not-supported';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EMAIL_ALREADY_VERIFIED, INVALID_VERIFICATION_TOKEN, NO_EMAIL_TO_VERIFY } from '@shop-rules/account-rules';
import { Button, ButtonLink } from '@/components/button';
import { Alert, Loading } from '@/components/feedback';
import { VerifyEmailDocument, VerifyEmailViewerDocument } from '@/gql/graphql';
import type { LoginPageState, VerifyEmailPageState } from '@/lib/navigation-state';
import { useToken } from '@/lib/session';
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

    query VerifyEmailViewer {
      viewer {
        id
        email
        emailVerified
      }
    }
  `;
}

export const VERIFYING = 'Verifying your email address...';
export const VERIFY_FAILED = 'Failed to verify the email address. Please try again.';
export const VERIFICATION_NOT_AVAILABLE = 'Email verification is not available on this shop. Please contact the shop.';
export const verifiedMessage = (email: string) =>
  `Your email address ${email} is verified. Your order updates and password reset links will be sent there.`;

/** The profile: where a new link is asked for ('Send the link again') and an address is given. */
function ProfileButton({ children }: { children: string }) {
  return (
    <ButtonLink variant="primary" size="large" block to="/profile">
      {children}
    </ButtonLink>
  );
}

/**
 * A link that no longer works, and the way on for whoever opened it: said as verified when the viewer's address is
 * (the link did its work before), a new link where one can be asked for, the login (back to this page) for a visitor.
 */
function DeadLink({ message }: { message: string }) {
  const loggedIn = useToken() !== null;
  // Asked afresh: the address may have been verified in another browser a moment ago.
  const { data, loading } = useQuery(VerifyEmailViewerDocument, { skip: !loggedIn, fetchPolicy: 'network-only' });
  const viewer = data?.viewer;
  if (loggedIn && loading) return <Loading />;
  if (viewer?.emailVerified)
    return (
      <>
        <Alert tone="success">{EMAIL_ALREADY_VERIFIED}</Alert>
        <ProfileButton>Go to My Profile</ProfileButton>
      </>
    );
  if (viewer && !viewer.email)
    return (
      <>
        <Alert tone="info">{NO_EMAIL_TO_VERIFY}</Alert>
        <ProfileButton>Go to My Profile</ProfileButton>
      </>
    );
  return (
    <>
      <Alert tone="error">{message}</Alert>
      {loggedIn ? (
        <ProfileButton>Ask for a New Link</ProfileButton>
      ) : (
        <ButtonLink
          variant="primary"
          size="large"
          block
          to="/login"
          state={{ from: '/verify-email' } satisfies LoginPageState}
        >
          Log In
        </ButtonLink>
      )}
    </>
  );
}

type Outcome =
  | { state: 'verifying' }
  | { state: 'verified'; email: string }
  | { state: 'dead'; message: string }
  | { state: 'failed'; message: string };

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
    if (inAddress)
      navigate('/verify-email', { replace: true, state: { token: inAddress } satisfies VerifyEmailPageState });
  }, [inAddress, navigate]);
  const [verifyEmail] = useMutation(VerifyEmailDocument);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    verifiedBefore
      ? { state: 'verified', email: verifiedBefore }
      : token
        ? { state: 'verifying' }
        : { state: 'dead', message: INVALID_VERIFICATION_TOKEN },
  );

  const verify = useCallback(async () => {
    setOutcome({ state: 'verifying' });
    try {
      const { data } = await verifyEmail({ variables: { input: { token } } });
      const payload = data?.verifyEmail;
      if (payload?.email && payload.userErrors.length === 0) {
        // The link is used up: the entry keeps what it did instead (a reload shows it, and sends nothing).
        navigate('/verify-email', {
          replace: true,
          state: { verifiedEmail: payload.email } satisfies VerifyEmailPageState,
        });
        setOutcome({ state: 'verified', email: payload.email });
        return;
      }
      const linkError = payload?.userErrors.find((error) => error.field === 'token');
      if (linkError) setOutcome({ state: 'dead', message: linkError.message });
      else setOutcome({ state: 'failed', message: payload?.userErrors[0]?.message ?? VERIFY_FAILED });
    } catch (error) {
      setOutcome({ state: 'failed', message: isNotSupported(error) ? VERIFICATION_NOT_AVAILABLE : VERIFY_FAILED });
    }
  }, [navigate, token, verifyEmail]);

  // Once per token: React may run an effect twice, and the link works only once.
  const started = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!token || verifiedBefore || started.current === token) return;
    started.current = token;
    void verify();
  }, [token, verifiedBefore, verify]);

  const loggedIn = useToken() !== null;
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
        {outcome.state === 'dead' && <DeadLink message={outcome.message} />}
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
