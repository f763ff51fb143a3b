// /register (spec §2, §5): username, password and its confirmation, checked by the shop's own rules (shop-rules/)
// before anything is sent. Registering never logs in: it leads to /login with the spec's message. The new account
// starts with the browser's language and time zone (lib/languages), saved with the token the registration answers,
// through the profile's own mutation: the graph and the REST contract need nothing new, and an API client that
// registers without a word keeps the shop's defaults (en, UTC).
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { USERNAME_TOO_SHORT, checkRegistration } from '@shop-rules/account-rules';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { TextField } from '@/components/field';
import { NewAccountPreferencesDocument, RegisterDocument } from '@/gql/graphql';
import { rulesResolver } from '@/lib/form-rules';
import { preferencesFromBrowser } from '@/lib/languages';
import type { LoginPageState } from '@/lib/navigation-state';
import { showUserErrors } from '@/lib/user-errors';
import styles from './auth.module.css';

if (false) {
  gql`
    mutation Register($input: RegisterInput!) {
      register(input: $input) {
        token
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation NewAccountPreferences($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        userErrors {
          message
        }
      }
    }
  `;
}

export const REGISTRATION_SUCCESSFUL = 'Registration successful! Please log in with your new account.';

interface RegisterForm {
  username: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['username', 'password', 'confirmPassword'] as const;

/**
 * Every field that breaks a rule is marked at once (as on Login), not only the first, by the shop's own rules and
 * messages (shop-rules/account-rules): the ones the gateway checks too. The form asks for the confirmation before it
 * compares it.
 */
const registrationRules = rulesResolver<RegisterForm>(checkRegistration, FIELDS, [
  (values) =>
    values.confirmPassword ? undefined : { field: 'confirmPassword', message: 'Please confirm the password' },
]);

export function RegisterRoute() {
  const navigate = useNavigate();
  const [registerAccount] = useMutation(RegisterDocument);
  const [saveNewAccountPreferences] = useMutation(NewAccountPreferencesDocument);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    defaultValues: { username: '', password: '', confirmPassword: '' },
    resolver: registrationRules,
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      const { data } = await registerAccount({ variables: { input } });
      const userErrors = data?.register.userErrors ?? [];
      if (userErrors.length === 0) {
        const preferences = preferencesFromBrowser();
        const token = data?.register.token;
        if (token && preferences) {
          // The account is made whatever happens here: if the preferences cannot be saved, it keeps the defaults,
          // which the profile changes like any other.
          await saveNewAccountPreferences({
            variables: { input: { preferences } },
            context: { headers: { authorization: `Bearer ${token}` } },
          }).catch(() => undefined);
        }
        navigate('/login', { state: { message: REGISTRATION_SUCCESSFUL } satisfies LoginPageState });
        return;
      }
      const banner = showUserErrors(userErrors, setError, FIELDS);
      if (banner) setFailure(banner);
    } catch {
      setFailure('Registration failed. Please try again.');
    }
  });

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="register-title">
        <div className={styles.heading}>
          <h1 id="register-title">Register</h1>
          <p className={styles.subtitle}>Create your Medshop account.</p>
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            // The rule as a hint until it is broken: then the error says it, and once is enough.
            hint={errors.username ? undefined : USERNAME_TOO_SHORT}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <p className={styles.note}>
            All new accounts are regular user accounts. Administrators are set up by the shop.
          </p>
          <Button type="submit" size="large" block disabled={isSubmitting}>
            {isSubmitting ? 'Registering...' : 'Register'}
          </Button>
        </form>
        <p className={styles.switch}>
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </section>
    </div>
  );
}
