// /reset-password?token=… (the link of the reset e-mail): a new password, twice, checked by the shop's rules before it
// is sent. Once it is set every session of the account has ended, this browser's too: the login page follows, with the
// username filled in.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { INVALID_RESET_TOKEN, checkPasswordReset } from '@shop-rules/account-rules';
import { Button, ButtonLink } from '@/components/button';
import { Alert } from '@/components/feedback';
import { TextField } from '@/components/field';
import { ResetPasswordDocument } from '@/gql/graphql';
import { rulesResolver } from '@/lib/form-rules';
import type { LoginPageState, ResetPasswordPageState } from '@/lib/navigation-state';
import { clearToken, readToken } from '@/lib/session';
import { showUserErrors } from '@/lib/user-errors';
import { resetFailure } from './forgot-password-route';
import styles from './auth.module.css';

if (false) {
  gql`
    mutation ResetPassword($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        username
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Please log in with your new password.';

interface ResetPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

const FIELDS = ['newPassword', 'confirmPassword'] as const;

// The token is the link's, checked by the shop: here only the two fields the person fills in. The form asks for the
// confirmation before it compares it (as on the profile's password change).
const rules = rulesResolver<ResetPasswordForm>(
  (values) => checkPasswordReset({ token: 'from-the-link', ...values }),
  FIELDS,
  [
    (values) =>
      values.confirmPassword ? undefined : { field: 'confirmPassword', message: 'Please confirm the new password' },
  ],
);

/** The link no longer works (or never did): say so, and offer a new one. */
function DeadLink({ message }: { message: string }) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      <ButtonLink variant="primary" size="large" block to="/forgot-password">
        Ask for a New Link
      </ButtonLink>
    </>
  );
}

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress = searchParams.get('token')?.trim() ?? '';
  const token = inAddress || ((location.state as ResetPasswordPageState | null)?.token ?? '');
  useEffect(() => {
    // The secret leaves the address bar and the history list; this entry's state keeps it, so a reload still has it.
    if (inAddress)
      navigate('/reset-password', { replace: true, state: { token: inAddress } satisfies ResetPasswordPageState });
  }, [inAddress, navigate]);
  const [resetPassword] = useMutation(ResetPasswordDocument);
  const [failure, setFailure] = useState<string>();
  const [deadLink, setDeadLink] = useState<string | undefined>(token ? undefined : INVALID_RESET_TOKEN);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({ defaultValues: { newPassword: '', confirmPassword: '' }, resolver: rules });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      const { data } = await resetPassword({ variables: { input: { token, ...input } } });
      const payload = data?.resetPassword;
      if (payload?.username && payload.userErrors.length === 0) {
        // Every session of the account ended; this browser's, whoever it was, is not kept either.
        if (readToken()) clearToken('logout');
        navigate('/login', {
          replace: true,
          state: { message: PASSWORD_RESET_NOTICE, username: payload.username } satisfies LoginPageState,
        });
        return;
      }
      const userErrors = payload?.userErrors ?? [];
      const linkError = userErrors.find((error) => error.field === 'token');
      if (linkError) {
        setDeadLink(linkError.message);
        return;
      }
      setFailure(showUserErrors(userErrors, setError, FIELDS) ?? 'Failed to reset the password. Please try again.');
    } catch (error) {
      setFailure(resetFailure(error, 'Failed to reset the password. Please try again.'));
    }
  });

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="reset-title">
        <div className={styles.heading}>
          <h1 id="reset-title">Choose a new password</h1>
          <p className={styles.subtitle}>For your Medshop account. The link in the email works once, for 30 minutes.</p>
        </div>
        {deadLink ? (
          <DeadLink message={deadLink} />
        ) : (
          <>
            {failure && <Alert tone="error">{failure}</Alert>}
            <form className={styles.form} onSubmit={onSubmit} noValidate>
              <TextField
                label="New Password"
                type="password"
                autoComplete="new-password"
                required
                hint="After the change, every session of your account is logged out."
                error={errors.newPassword?.message}
                {...register('newPassword')}
              />
              <TextField
                label="Confirm New Password"
                type="password"
                autoComplete="new-password"
                required
                error={errors.confirmPassword?.message}
                {...register('confirmPassword')}
              />
              <Button type="submit" size="large" block disabled={isSubmitting}>
                {isSubmitting ? 'Resetting...' : 'Reset Password'}
              </Button>
            </form>
          </>
        )}
        <p className={styles.switch}>
          <Link to="/login">Back to login</Link>
        </p>
      </section>
    </div>
  );
}
