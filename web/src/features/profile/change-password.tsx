// Change Password (spec §2 tab 2): the three fields are required here; that the new password and its
// confirmation match, and how long it must be, the shop checks and answers. The payload's new token replaces
// the old one, so the session goes on (every earlier token stops working).
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { TextField } from '@/components/field';
import { ChangePasswordDocument } from '@/gql/graphql';
import { changeSession, saveToken } from '@/lib/session';
import { useTransientMessage } from '@/lib/use-transient-message';
import { showUserErrors } from '@/lib/user-errors';
import { PROFILE_MESSAGE_MS } from './profile-information';
import styles from './profile.module.css';

if (false) {
  gql`
    mutation ChangePassword($input: ChangePasswordInput!) {
      changePassword(input: $input) {
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

export const PASSWORD_CHANGED = 'Password changed successfully';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePassword() {
  const [changePassword] = useMutation(ChangePasswordDocument);
  const [message, showMessage] = useTransientMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ defaultValues: EMPTY });

  const submit = handleSubmit(async (input) => {
    showMessage(null);
    try {
      const payload = await changeSession(async () => {
        const { data } = await changePassword({ variables: { input } });
        if (data?.changePassword.token) saveToken(data.changePassword.token);
        return data?.changePassword;
      });
      if (payload?.token) {
        reset(EMPTY);
        showMessage({ text: PASSWORD_CHANGED, tone: 'success', durationMs: PROFILE_MESSAGE_MS });
        return;
      }
      const banner = showUserErrors(payload?.userErrors ?? [], setError, FIELDS);
      if (banner) showMessage({ text: banner, tone: 'error', durationMs: PROFILE_MESSAGE_MS });
    } catch {
      showMessage({ text: 'Failed to change password', tone: 'error', durationMs: PROFILE_MESSAGE_MS });
    }
  });

  return (
    <form
      className={[styles.form, styles.passwordForm].join(' ')}
      onSubmit={submit}
      noValidate
      aria-labelledby="change-password-title"
    >
      <div className={styles.passwordHeading}>
        <h2 id="change-password-title">Change Password</h2>
        <p className={styles.passwordHint}>After the change, every other session of yours is logged out.</p>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...register('currentPassword', { required: 'Current password is required' })}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.newPassword?.message}
        {...register('newPassword', { required: 'New password is required' })}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', { required: 'Please confirm the new password' })}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
