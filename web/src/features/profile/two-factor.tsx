// The profile's Two-Factor Sign-In tab (issue 36): set it up (a QR code to scan, drawn here from the shop's otpauth
// URI, and the key to type by hand), turn it on with the app's first code, keep the ten recovery codes shown once;
// once on, new recovery codes or turning it off, each with the password. Where the shop requires it of staff, the
// tab says so, and it cannot be turned off. Read when the tab opens (the profile's own query stays one REST call).
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { checkAuthenticatorCode, normalizeAuthenticatorCode } from '@shop-rules/two-factor-rules';
import { Button } from '@/components/button';
import { Alert, ErrorState, Skeleton } from '@/components/feedback';
import { TextField } from '@/components/field';
import {
  DisableTwoFactorDocument,
  EnableTwoFactorDocument,
  RegenerateRecoveryCodesDocument,
  StartTwoFactorSetupDocument,
  TwoFactorTabDocument,
} from '@/gql/graphql';
import type { ProfileTabState } from '@/lib/navigation-state';
import { changeSession, saveToken } from '@/lib/session';
import { useFormats } from '@/lib/use-formats';
import { showUserErrors } from '@/lib/user-errors';
import styles from './profile.module.css';

if (false) {
  gql`
    # What the tab shows of the status; each change answers it anew, for the cache to update the tab.
    fragment TwoFactorStatusFields on TwoFactorStatus {
      enabled
      enabledAt
      recoveryCodesLeft
      required
    }

    query TwoFactorTab {
      viewer {
        id
        permissions
        twoFactor {
          ...TwoFactorStatusFields @unmask
        }
      }
    }

    mutation StartTwoFactorSetup($input: StartTwoFactorSetupInput!) {
      startTwoFactorSetup(input: $input) {
        secret
        uri
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation EnableTwoFactor($input: EnableTwoFactorInput!) {
      enableTwoFactor(input: $input) {
        recoveryCodes
        token
        viewer {
          id
          isAdmin
          permissions
          permissionsAwaitTwoFactor
          twoFactor {
            ...TwoFactorStatusFields
          }
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation DisableTwoFactor($input: DisableTwoFactorInput!) {
      disableTwoFactor(input: $input) {
        viewer {
          id
          twoFactor {
            ...TwoFactorStatusFields
          }
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation RegenerateRecoveryCodes($input: RegenerateRecoveryCodesInput!) {
      regenerateRecoveryCodes(input: $input) {
        recoveryCodes
        viewer {
          id
          twoFactor {
            ...TwoFactorStatusFields
          }
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

export const TWO_FACTOR_TAB = 'Two-Factor Sign-In';

/**
 * A heading that takes the focus when it appears: the control that made it appear is gone. In the commit that shows it
 * (a layout effect), so that the focus never rests on the page's body in between.
 */
function useFocusedOnShow<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return ref;
}
/** Fewer recovery codes than this left: the tab suggests new ones. */
const FEW_CODES_LEFT = 3;

/** The key as apps show it when typed by hand: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The QR code of the setup's URI, as an SVG picture (uqr, an ES module, loaded only when a setup starts). */
function QrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ renderSVG }) => {
      // A quiet border of white around it (the "quiet zone" scanners need) comes from the picture's own background.
      if (current) setSvg(renderSVG(uri, { ecc: 'M', border: 2 }));
    });
    return () => {
      current = false;
    };
  }, [uri]);
  if (!svg) return <Skeleton width="12rem" height="12rem" />;
  return (
    <img
      className={styles.qrCode}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      width={192}
      height={192}
    />
  );
}

/** The recovery codes, shown this once, with a way to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const [copied, setCopied] = useState<string>();
  const title = useFocusedOnShow<HTMLHeadingElement>();
  const text = `Medshop recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <section className={styles.twoFactorStep} aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className={styles.stepTitle} ref={title} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p className={styles.passwordHint}>
        Keep these somewhere safe, away from your phone. If you lose it, each code signs you in once instead of the
        app&apos;s code. They are not shown again.
      </p>
      <ol className={styles.recoveryCodes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div role="status" className={styles.copyNotice}>
        {copied}
      </div>
      <div className={styles.buttonRow}>
        <Button
          variant="secondary"
          onClick={() => {
            const refused = () => setCopied('The browser did not allow copying: select the codes instead.');
            // No clipboard outside secure pages (a shop served over plain http): said, not thrown.
            if (!navigator.clipboard) return refused();
            void navigator.clipboard.writeText(text).then(() => setCopied('Copied to the clipboard.'), refused);
          }}
        >
          Copy Codes
        </Button>
        <a
          className={styles.downloadLink}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="medshop-recovery-codes.txt"
        >
          Download
        </a>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </div>
    </section>
  );
}

/** Setting it up: the QR code and key, then the app's first code. */
function Setup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: { secret: string; uri: string };
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const [enable] = useMutation(EnableTwoFactorDocument);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string; password: string }>({ defaultValues: { code: '', password: '' } });
  const title = useFocusedOnShow<HTMLHeadingElement>();

  const submit = handleSubmit(async ({ code, password }) => {
    setFailure(undefined);
    try {
      const input = { code: normalizeAuthenticatorCode(code), password };
      // Every other session ends with it: this tab goes on with the answer's token.
      const answer = await changeSession(async () => {
        const payload = (await enable({ variables: { input } })).data?.enableTwoFactor;
        if (payload?.token) saveToken(payload.token);
        return payload;
      });
      if (answer?.recoveryCodes) return onEnabled(answer.recoveryCodes);
      setFailure(showUserErrors(answer?.userErrors ?? [], setError, ['code', 'password']));
    } catch {
      setFailure('Failed to turn on two-factor sign-in. Please try again.');
    }
  });

  return (
    <form className={styles.twoFactorStep} onSubmit={submit} noValidate aria-labelledby="two-factor-setup-title">
      <h3 id="two-factor-setup-title" className={styles.stepTitle} ref={title} tabIndex={-1}>
        Set up your authenticator app
      </h3>
      <ol className={styles.steps}>
        <li>
          <p>
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
            1Password).
          </p>
          <QrCode uri={setup.uri} />
          <p className={styles.passwordHint}>
            Can&apos;t scan it? Enter this key instead: <code className={styles.secret}>{grouped(setup.secret)}</code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows for Medshop, and your password.</p>
        </li>
      </ol>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={7}
        required
        error={errors.code?.message}
        // The shop's rule for its form, checked with the password's before anything is sent.
        {...register('code', { validate: (value) => checkAuthenticatorCode(value)[0]?.message ?? true })}
      />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        hint="Your other sessions are logged out when it turns on."
        required
        error={errors.password?.message}
        {...register('password', { required: 'Enter your password' })}
      />
      <div className={styles.buttonRow}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Turning on...' : 'Turn On'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** While it is on: new recovery codes, or turning it off, each with the password. */
function WhileOn({ required, onCodes }: { required: boolean; onCodes(codes: string[]): void }) {
  const [regenerate] = useMutation(RegenerateRecoveryCodesDocument);
  const [disable] = useMutation(DisableTwoFactorDocument);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<'codes' | 'off'>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const run = (what: 'codes' | 'off') =>
    handleSubmit(async ({ password }) => {
      setFailure(undefined);
      setBusy(what);
      try {
        const answer =
          what === 'codes'
            ? (await regenerate({ variables: { input: { password } } })).data?.regenerateRecoveryCodes
            : (await disable({ variables: { input: { password } } })).data?.disableTwoFactor;
        if (answer && answer.userErrors.length === 0) {
          reset({ password: '' });
          if (answer && 'recoveryCodes' in answer && answer.recoveryCodes) onCodes(answer.recoveryCodes);
          return;
        }
        setFailure(showUserErrors(answer?.userErrors ?? [], setError, ['password']));
      } catch {
        setFailure('Failed to save the change. Please try again.');
      } finally {
        setBusy(undefined);
      }
    });

  return (
    // Enter in the password sends nothing: each button says what it does, and new codes end the old ones.
    <form className={styles.twoFactorStep} noValidate onSubmit={(event) => event.preventDefault()}>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        hint={required ? 'Needed for new recovery codes' : 'Needed for new recovery codes, or to turn it off'}
        required
        error={errors.password?.message}
        {...register('password', { required: 'Enter your password' })}
      />
      <div className={styles.buttonRow}>
        <Button variant="secondary" disabled={busy !== undefined} onClick={(event) => void run('codes')(event)}>
          {busy === 'codes' ? 'Making new codes...' : 'New Recovery Codes'}
        </Button>
        {!required && (
          <Button variant="dangerOutline" disabled={busy !== undefined} onClick={(event) => void run('off')(event)}>
            {busy === 'off' ? 'Turning off...' : 'Turn Off'}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Recovery codes just given, shown this once: on turning it on, or new ones. */
export interface GivenCodes {
  codes: string[];
  notice: string;
}

/**
 * `codes` is kept by the profile, not the tab: a person who looks at another tab before saving them finds them still
 * there (a hidden tab's panel is unmounted).
 */
export function TwoFactorTab({
  codes,
  setCodes,
}: {
  codes: GivenCodes | undefined;
  setCodes(codes: GivenCodes | undefined): void;
}) {
  const { data, loading, refetch } = useQuery(TwoFactorTabDocument);
  const [start, { loading: starting }] = useMutation(StartTwoFactorSetupDocument);
  const [setup, setSetup] = useState<{ secret: string; uri: string }>();
  const state = useRef<HTMLParagraphElement>(null);
  // Arrived by the two-factor notice's link (gone on arrival): the tab's heading takes the focus once it shows.
  const arrivedByNotice = (useLocation().state as ProfileTabState | null)?.focusTab === true;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingFocused = useRef(false);
  // After "I Have Saved Them", the focus goes to what the tab says now (the button it was on is gone).
  const focusState = useRef(false);
  useLayoutEffect(() => {
    if (!codes && focusState.current) {
      focusState.current = false;
      state.current?.focus();
    }
  }, [codes]);
  const [failure, setFailure] = useState<string>();
  const formats = useFormats();
  const status = data?.viewer?.twoFactor;
  const headingShown = data !== undefined;
  useLayoutEffect(() => {
    if (!arrivedByNotice || !headingShown || headingFocused.current) return;
    headingFocused.current = true;
    headingRef.current?.focus();
  }, [arrivedByNotice, headingShown]);

  if (!data) {
    if (loading)
      return (
        <div role="status">
          <span className="visually-hidden">Loading...</span>
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </div>
      );
    return <ErrorState message="Failed to load two-factor sign-in" onRetry={() => void refetch()} />;
  }

  const heading = (
    <div className={styles.passwordHeading}>
      <h2 id="two-factor-title" ref={headingRef} tabIndex={-1}>
        Two-Factor Sign-In
      </h2>
      <p className={styles.passwordHint}>
        After your password, the shop asks for a code from an authenticator app on your phone: a stolen password alone
        does not open your account.
      </p>
    </div>
  );

  if (!status)
    return (
      <section className={styles.twoFactor} aria-labelledby="two-factor-title">
        {heading}
        <p>This shop does not offer two-factor sign-in.</p>
      </section>
    );

  const beginSetup = async () => {
    setFailure(undefined);
    try {
      const answer = (await start({ variables: { input: {} } })).data?.startTwoFactorSetup;
      if (answer?.secret && answer.uri) setSetup({ secret: answer.secret, uri: answer.uri });
      else setFailure(answer?.userErrors[0]?.message ?? 'Failed to start the setup. Please try again.');
    } catch {
      setFailure('Failed to start the setup. Please try again.');
    }
  };

  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes.codes}
        onDone={() => {
          focusState.current = true;
          setCodes(undefined);
        }}
      />
    );
  else if (status.enabled)
    body = (
      <>
        <p className={styles.twoFactorState} ref={state} tabIndex={-1}>
          <strong className={styles.on}>On</strong> since {formats.dateTime(status.enabledAt)}.{' '}
          {status.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        {status.recoveryCodesLeft < FEW_CODES_LEFT && (
          <Alert tone="warning">Few recovery codes are left: make new ones, and keep them safe.</Alert>
        )}
        {status.required && <p className={styles.passwordHint}>Your staff roles require it: it stays on.</p>}
        <WhileOn
          required={status.required}
          onCodes={(renewed) =>
            setCodes({ codes: renewed, notice: 'New recovery codes: the ones before no longer work.' })
          }
        />
      </>
    );
  else if (setup)
    body = (
      <Setup
        setup={setup}
        onEnabled={(recoveryCodes) => {
          setSetup(undefined);
          setCodes({ codes: recoveryCodes, notice: 'Two-factor sign-in is on.' });
        }}
        onCancel={() => setSetup(undefined)}
      />
    );
  else
    body = (
      <>
        <p className={styles.twoFactorState}>
          <strong>Off</strong>: you sign in with your password alone.
        </p>
        {status.required && (
          <Alert tone="warning">
            Your staff roles require two-factor sign-in: your staff screens open once it is on.
          </Alert>
        )}
        <div className={styles.buttonRow}>
          <Button onClick={() => void beginSetup()} disabled={starting}>
            {starting ? 'Starting...' : 'Set Up Two-Factor Sign-In'}
          </Button>
        </div>
      </>
    );

  return (
    <section className={styles.twoFactor} aria-labelledby="two-factor-title">
      {heading}
      {codes && <Alert tone="success">{codes.notice}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {body}
    </section>
  );
}
