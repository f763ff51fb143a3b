// /login (spec §2): username and password, 'Logging in...' while busy; for an account with a second factor, its code
// next (second-factor-form.tsx). A stored token is the session: the route guard then sends the person where they were
// going, or home.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { TextField } from '@/components/field';
import { LoginDocument } from '@/gql/graphql';
import type { LoginPageState } from '@/lib/navigation-state';
import { lastSessionEnd, saveToken, sessionEndNotice } from '@/lib/session';
import { SecondFactorForm } from './second-factor-form';
import styles from './auth.module.css';

if (false) {
  gql`
    mutation Login($input: LoginInput!) {
      login(input: $input) {
        token
        secondFactorChallenge
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

interface LoginForm {
  username: string;
  password: string;
}

export function LoginRoute() {
  const location = useLocation();
  const pageState = location.state as LoginPageState | null;
  const notice = pageState?.message ?? sessionEndNotice();
  const [login] = useMutation(LoginDocument);
  const [failure, setFailure] = useState<string>();
  /** The password was right: the second step's challenge. */
  const [challenge, setChallenge] = useState<string>();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { username: pageState?.username ?? '', password: '' } });
  // Back from the second step: the password is asked again, so it takes the focus once the form is back.
  const backFromSecondStep = useRef(false);
  useEffect(() => {
    if (challenge || !backFromSecondStep.current) return;
    backFromSecondStep.current = false;
    setFocus('password');
  }, [challenge, setFocus]);

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      const { data } = await login({ variables: { input } });
      const token = data?.login.token;
      if (typeof token === 'string' && token) return saveToken(token);
      if (data?.login.secondFactorChallenge) return setChallenge(data.login.secondFactorChallenge);
      setFailure(data?.login.userErrors[0]?.message ?? 'No valid token received from server');
    } catch {
      setFailure('Login failed');
    }
  });

  if (challenge)
    return (
      <div className={styles.wrapper}>
        <section className={styles.card} aria-labelledby="login-title">
          <SecondFactorForm
            challenge={challenge}
            onRestart={(reason) => {
              backFromSecondStep.current = true;
              setChallenge(undefined);
              resetField('password');
              setFailure(reason);
            }}
          />
        </section>
      </div>
    );

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="login-title">
        <div className={styles.heading}>
          <h1 id="login-title">Login</h1>
          <p className={styles.subtitle}>Welcome back to Medshop.</p>
        </div>
        {notice && !failure && <Alert tone={lastSessionEnd() === 'expired' ? 'info' : 'success'}>{notice}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.username?.message}
            {...register('username', { required: 'Username is required' })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password', { required: 'Password is required' })}
          />
          <p className={styles.forgot}>
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <Button type="submit" size="large" block disabled={isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Login'}
          </Button>
        </form>
        <p className={styles.switch}>
          New to Medshop? <Link to="/register">Create an account</Link>
        </p>
      </section>
    </div>
  );
}
