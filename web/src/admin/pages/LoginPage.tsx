/**
 * /admin/login: idle → submitting (button disabled, spinner) → an error alert
 * with the server's message (or 'Failed to sign in'), or /admin.
 */
import { useQuery } from '@tanstack/react-query';
import { LogIn } from '../../components/icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { EMAIL_PATTERN } from '../../api/rules';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../api';
import { useAuth } from '../auth';
import { AuthCardHeader, AuthShell } from '../components/AuthShell';
import { authApi, queryKeys } from '../endpoints';
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
  const setupStatus = useQuery({ queryKey: queryKeys.setupStatus, queryFn: authApi.setupStatus });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  if (loading) return <PageSpinner label="Checking your session…" />;
  if (user && !isSubmitting) return <Navigate to="/admin" replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await signIn(email.trim(), password);
      navigate('/admin', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to sign in'));
    }
  });

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
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {isSubmitting ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
