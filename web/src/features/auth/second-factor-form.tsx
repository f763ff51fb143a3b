// A login's second step (issue 36): the password was right and the account signs in with a second factor. The code
// from the authenticator app, or one of the recovery codes instead; a challenge that expired sends the person back to
// the password with the shop's reason.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkSecondFactor, normalizeAuthenticatorCode } from '@shop-rules/two-factor-rules';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { TextField } from '@/components/field';
import { LoginSecondFactorDocument } from '@/gql/graphql';
import { saveToken } from '@/lib/session';
import { showUserErrors } from '@/lib/user-errors';
import styles from './auth.module.css';

if (false) {
  gql`
    mutation LoginSecondFactor($input: LoginSecondFactorInput!) {
      loginSecondFactor(input: $input) {
        token
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

interface SecondFactorFields {
  code: string;
  recoveryCode: string;
}

export function SecondFactorForm({
  challenge,
  onRestart,
}: {
  challenge: string;
  /** Back to the password: with the shop's reason when the challenge expired. */
  onRestart(reason?: string): void;
}) {
  const [send] = useMutation(LoginSecondFactorDocument);
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SecondFactorFields>({ defaultValues: { code: '', recoveryCode: '' } });

  const onSubmit = handleSubmit(async ({ code, recoveryCode }) => {
    setFailure(undefined);
    // Sent as the shop keeps it: an app's "123 456" as 123456, a recovery code without spaces around it.
    const input = withRecoveryCode
      ? { challenge, recoveryCode: recoveryCode.trim() }
      : { challenge, code: normalizeAuthenticatorCode(code) };
    const [violation] = checkSecondFactor(input);
    if (violation) {
      setError(violation.field as keyof SecondFactorFields, { type: 'rule', message: violation.message });
      return;
    }
    try {
      const answer = (await send({ variables: { input } })).data?.loginSecondFactor;
      if (answer?.token) return saveToken(answer.token);
      const expired = answer?.userErrors.find((error) => error.field === 'challenge');
      if (expired) return onRestart(expired.message);
      setFailure(showUserErrors(answer?.userErrors ?? [], setError, ['code', 'recoveryCode']));
    } catch {
      setFailure('Login failed');
    }
  });

  const switchTo = (recovery: boolean) => {
    clearErrors();
    setFailure(undefined);
    setWithRecoveryCode(recovery);
  };

  return (
    <>
      <div className={styles.heading}>
        {/* "Sign-In" kept whole: a phone breaks the line at the space, not at its hyphen. */}
        <h1 id="login-title">
          Two-Factor <span className={styles.nowrap}>Sign-In</span>
        </h1>
        <p className={styles.subtitle}>
          {withRecoveryCode
            ? 'Enter one of the recovery codes you saved. Each works once.'
            : 'Enter the 6-digit code your authenticator app shows for Medshop.'}
        </p>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {withRecoveryCode ? (
          <TextField
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            required
            autoFocus
            error={errors.recoveryCode?.message}
            {...register('recoveryCode')}
          />
        ) : (
          <TextField
            key="code"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={7}
            required
            autoFocus
            error={errors.code?.message}
            {...register('code')}
          />
        )}
        <Button type="submit" size="large" block disabled={isSubmitting}>
          {isSubmitting ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className={styles.otherWays}>
        <button type="button" className={styles.linkButton} onClick={() => switchTo(!withRecoveryCode)}>
          {withRecoveryCode ? 'Use the code from your app' : 'Use a recovery code instead'}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => onRestart()}>
          Back to login
        </button>
      </div>
    </>
  );
}
