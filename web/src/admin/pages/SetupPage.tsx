/**
 * /admin/setup: the one-time creation of the owner account on a brand-new
 * site. Once an owner exists the page only says so and links to the login.
 * The server accepts the setup only with the token of the link `vita serve`
 * printed (`?token=…`); without one the page says where to find that link.
 * The new account goes on to the first-run step (/admin/welcome).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, KeyRound } from '../../components/icons';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../api';
import { useAuth } from '../auth';
import { AuthCardHeader, AuthShell } from '../components/AuthShell';
import { SubmitButton } from '../components/SubmitButton';
import { authApi, queryKeys } from '../endpoints';
import { applyFieldErrors } from '../form-errors';
import { MIN_PASSWORD_LENGTH, newPasswordRule, splitReasons, withConfirmedPassword } from '../passwords';
import { useDocumentTitle } from '../useDocumentTitle';

const setupSchema = withConfirmedPassword('password', 'password_confirmation', {
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: newPasswordRule,
  password_confirmation: z.string().min(1, 'Enter the password again'),
});
type SetupValues = z.infer<typeof setupSchema>;

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

export function SetupPage() {
  useDocumentTitle('Set Up');
  const status = useQuery({ queryKey: queryKeys.setupStatus, queryFn: authApi.setupStatus });
  const token = useSearchParams()[0].get('token') ?? '';

  let body: ReactNode;
  if (status.isPending) body = <PageSpinner />;
  else if (status.isError)
    body = (
      <Alert variant="destructive" title="Could not check the setup">
        {errorMessage(status.error)}{' '}
        <button type="button" className="font-medium underline underline-offset-4" onClick={() => void status.refetch()}>
          Try again
        </button>
      </Alert>
    );
  else if (!status.data.setup_needed) body = <SetupComplete />;
  else if (token === '') body = <SetupLinkNeeded />;
  else body = <SetupForm token={token} />;

  return <AuthShell>{body}</AuthShell>;
}

function SetupComplete() {
  return (
    <Card>
      <AuthCardHeader icon={CircleCheck} title="Setup is complete">
        The owner account already exists. Sign in instead.
      </AuthCardHeader>
      <CardContent className="flex justify-center">
        <Link to="/admin/login" className={buttonClassName('primary', 'md')}>
          Go to Admin Login
        </Link>
      </CardContent>
    </Card>
  );
}

function SetupLinkNeeded() {
  return (
    <Card>
      <AuthCardHeader icon={KeyRound} title="Open the setup link">
        This site has no owner yet. To create the owner account, open the setup link that <code>vita serve</code> printed when it started,
        or run <code>vita admin add</code> on the server.
      </AuthCardHeader>
    </Card>
  );
}

function SetupForm({ token }: { token: string }) {
  const { setup } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetupValues>({
    resolver: zodResolver(setupSchema),
    defaultValues: { email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await setup({ ...values, token });
      queryClient.setQueryData(queryKeys.setupStatus, { setup_needed: false });
      // The first-run step: the owner's name and photo in place of the sample owner's.
      navigate('/admin/welcome', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        // Someone finished the setup meanwhile (the page then says so), or the link's token is wrong.
        await queryClient.invalidateQueries({ queryKey: queryKeys.setupStatus });
        setFailure(errorMessage(error));
        return;
      }
      if (!applyFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error, 'Failed to create the account'));
    }
  });

  return (
    <Card>
      <AuthCardHeader icon={KeyRound} title="Set up the owner account">
        This site has no owner yet. Create the account that signs in to the admin. This can be done only once.
      </AuthCardHeader>
      <CardContent className="space-y-5">
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Owner account setup">
          <FormField label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="username" inputMode="email" required {...register('email')} />}
          </FormField>
          <FormField
            label="Password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters; a long phrase is easy to remember and hard to guess.`}
            error={splitReasons(errors.password?.message)}
          >
            {(control) => <Input {...control} type="password" autoComplete="new-password" required {...register('password')} />}
          </FormField>
          <FormField label="Password again" error={errors.password_confirmation?.message}>
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" required {...register('password_confirmation')} />
            )}
          </FormField>
          <SubmitButton pending={isSubmitting} pendingLabel="Creating account..." className="w-full">
            Create Account
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
