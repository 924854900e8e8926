/**
 * /admin/login: idle → submitting (button disabled, spinner) → an error alert
 * with the server's message (or 'Failed to sign in'), or /admin. With
 * two-factor authentication on, a right password leads to a second step that
 * asks for the code (or a recovery code); only that step signs in.
 */
import { useQuery } from '@tanstack/react-query';
import { LogIn, ShieldCheck } from '../../components/icons';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { EMAIL_PATTERN } from '../../api/rules';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import type { SecondFactorChallenge } from '../../api/types';
import { ApiError, errorMessage } from '../api';
import { useAuth } from '../auth';
import { AuthCardHeader, AuthShell } from '../components/AuthShell';
import { SubmitButton } from '../components/SubmitButton';
import { authApi, queryKeys } from '../endpoints';
import { notify } from '../toast';
import { useDocumentTitle } from '../useDocumentTitle';

type LoginValues = { email: string; password: string };

/**
 * Two fields need no schema library: react-hook-form's own rules keep zod out of the admin's
 * first load (this page), which the owner sees before anything else.
 */
function emailProblem(value: string): string | true {
  const email = value.trim();
  if (email === '') return 'Email is required';
  return EMAIL_PATTERN.test(email) || 'Enter a valid email address';
}

export function LoginPage() {
  useDocumentTitle('Admin Login');
  const { user, loading, expired, signIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const setupStatus = useQuery({ queryKey: queryKeys.setupStatus, queryFn: authApi.setupStatus });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  if (loading) return <PageSpinner label="Checking your session…" />;
  if (user && !isSubmitting && !challenge) return <Navigate to="/admin" replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const result = await signIn(email.trim(), password);
      if (result.signedIn) navigate('/admin', { replace: true });
      else setChallenge(result.challenge);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to sign in'));
    }
  });

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onRestart={(message) => {
          setChallenge(null);
          setFailure(message);
        }}
      />
    );
  }

  return (
    <AuthShell>
      <Card>
        <AuthCardHeader icon={LogIn} title="Admin Login">
          Sign in to manage the content of your website.
        </AuthCardHeader>
        <CardContent className="space-y-5">
          {expired && !failure ? <Alert title="Session expired">Your session has expired. Please sign in again.</Alert> : null}
          {setupStatus.data?.setup_needed ? (
            <Alert title="No owner account yet">
              This site has not been set up.{' '}
              <Link to="/admin/setup" className="font-medium text-primary underline underline-offset-4 hover:no-underline focus-ring">
                Create the owner account
              </Link>{' '}
              (one time only).
            </Alert>
          ) : null}
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Admin Login">
            <FormField label="Email" error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  placeholder="you@example.org"
                  {...register('email', { validate: emailProblem })}
                />
              )}
            </FormField>
            <FormField label="Password" error={errors.password?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  required
                  {...register('password', { required: 'Password is required' })}
                />
              )}
            </FormField>
            <SubmitButton pending={isSubmitting} pendingLabel="Signing in..." className="w-full">
              Sign In
            </SubmitButton>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}

type CodeValues = { code: string };

/**
 * The sign-in's second step: the 6-digit code from the authenticator app, or a
 * recovery code (which the server says how many are left of).
 */
function SecondFactorStep({ challenge, onRestart }: { challenge: SecondFactorChallenge; onRestart: (message: string | null) => void }) {
  const { signInWithCode } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({ defaultValues: { code: '' } });
  // The password form was replaced by this one: the cursor goes where the code is typed.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const signedIn = await signInWithCode(challenge.second_factor_token, code.trim());
      if (signedIn.recovery_codes_left !== null) {
        notify.success(recoveryCodesLeftMessage(signedIn.recovery_codes_left));
      }
      navigate('/admin', { replace: true });
    } catch (error) {
      const codeProblem = error instanceof ApiError ? error.field('code') : undefined;
      if (codeProblem) setError('code', { type: 'server', message: codeProblem }, { shouldFocus: true });
      // The step's token expired (or was used): the password comes first again.
      else if (error instanceof ApiError && error.status === 401) onRestart(error.message);
      else setFailure(errorMessage(error, 'Failed to sign in'));
    }
  });

  return (
    <AuthShell>
      <Card>
        <AuthCardHeader icon={ShieldCheck} title="Two-factor authentication">
          Enter the 6-digit code from your authenticator app.
        </AuthCardHeader>
        <CardContent className="space-y-5">
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Two-factor authentication">
            <FormField label="Code" hint="Lost your phone? Enter one of your recovery codes instead." error={errors.code?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                  placeholder="123456"
                  {...register('code', { validate: (value) => value.trim() !== '' || 'Enter the code from your authenticator app' })}
                />
              )}
            </FormField>
            <SubmitButton pending={isSubmitting} pendingLabel="Verifying..." className="w-full">
              Verify
            </SubmitButton>
            <Button variant="ghost" className="w-full" onClick={() => onRestart(null)}>
              Back to sign in
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}

/** What the owner is told after signing in with a recovery code. */
export function recoveryCodesLeftMessage(left: number): string {
  const count = left === 1 ? '1 recovery code' : `${left} recovery codes`;
  const advice = left <= 3 ? ' Make a new set on the Account page.' : '';
  return `Recovery code accepted: ${count} left.${advice}`;
}
