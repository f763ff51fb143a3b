// /forgot-password ("Forgot password?" on the login page): a username or e-mail address, and the shop's answer, which
// is the same whether or not an account matches. The link itself comes by e-mail, to /reset-password.
import { gql } from '@apollo/client';
import { isNotSupported } from '@/lib/not-supported';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { checkPasswordResetRequest } from '@shop-rules/account-rules';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { TextField } from '@/components/field';
import { RequestPasswordResetDocument } from '@/gql/graphql';
import { rulesResolver } from '@/lib/form-rules';
import { showUserErrors } from '@/lib/user-errors';
import styles from './auth.module.css';

if (false) {
  gql`
    mutation RequestPasswordReset($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) {
        message
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

export const RESET_NOT_AVAILABLE = 'Password reset is not available on this shop. Please contact the shop.';

/** Why a reset could not be asked for or made, for the banner: the shop lacks resets, or it could not be reached. */
export function resetFailure(error: unknown, otherwise: string): string {
  return isNotSupported(error) ? RESET_NOT_AVAILABLE : otherwise;
}

interface ForgotPasswordForm {
  usernameOrEmail: string;
}

const rules = rulesResolver<ForgotPasswordForm>(checkPasswordResetRequest, ['usernameOrEmail']);

export function ForgotPasswordRoute() {
  const [requestReset] = useMutation(RequestPasswordResetDocument);
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ defaultValues: { usernameOrEmail: '' }, resolver: rules });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      const { data } = await requestReset({ variables: { input: { usernameOrEmail: input.usernameOrEmail.trim() } } });
      const payload = data?.requestPasswordReset;
      if (payload && payload.userErrors.length === 0) {
        setSent(payload.message ?? 'A link to choose a new password is on its way.');
        return;
      }
      setFailure(
        showUserErrors(payload?.userErrors ?? [], setError, ['usernameOrEmail']) ??
          'Failed to send the reset link. Please try again.',
      );
    } catch (error) {
      setFailure(resetFailure(error, 'Failed to send the reset link. Please try again.'));
    }
  });

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <div className={styles.heading}>
          <h1 id="forgot-title">Forgot your password?</h1>
          <p className={styles.subtitle}>
            Enter your username or email address, and we will email you a link to choose a new one.
          </p>
        </div>
        {sent ? (
          <>
            <Alert tone="success">{sent}</Alert>
            <p className={styles.note}>
              No email after a few minutes? Check your spam folder, and make sure your email address is verified on your
              profile.
            </p>
          </>
        ) : (
          <>
            {failure && <Alert tone="error">{failure}</Alert>}
            <form className={styles.form} onSubmit={onSubmit} noValidate>
              <TextField
                label="Username or email address"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                error={errors.usernameOrEmail?.message}
                {...register('usernameOrEmail')}
              />
              <Button type="submit" size="large" block disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </form>
          </>
        )}
        <p className={styles.switch}>
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      </section>
    </div>
  );
}
