/**
 * /admin/account: change the password (which signs out every other device),
 * two-factor authentication, see or end the sessions open on other devices,
 * and download a backup.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor } from '../../components/icons';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SessionSummary } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../auth';
import { PageHeader } from '../components/PageHeader';
import { SubmitButton } from '../components/SubmitButton';
import { authApi, queryKeys } from '../endpoints';
import { applyFieldErrors } from '../form-errors';
import { formatDateTime } from '../format';
import { MIN_PASSWORD_LENGTH, newPasswordRule, splitReasons, withConfirmedPassword } from '../passwords';
import { notify } from '../toast';
import { useDocumentTitle } from '../useDocumentTitle';
import { BackupCard } from './BackupCard';
import { QueryState, UsernameInput } from './account-parts';
import { SecondFactorCard } from './SecondFactorCard';
import { describeUserAgent } from '../user-agent';

export function AccountPage() {
  useDocumentTitle('Account');
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="Account"
        description={
          <>
            Signed in as <span className="font-medium text-foreground">{user?.email}</span>.
          </>
        }
      />
      <div className="grid max-w-3xl gap-6">
        <ChangePasswordCard />
        <SecondFactorCard />
        <SessionsCard />
        <BackupCard />
      </div>
    </>
  );
}

const passwordSchema = withConfirmedPassword('new_password', 'new_password_confirmation', {
  current_password: z.string().min(1, 'Enter your current password'),
  new_password: newPasswordRule,
  new_password_confirmation: z.string().min(1, 'Enter the new password again'),
});
type PasswordValues = z.infer<typeof passwordSchema>;

const PASSWORD_FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });

  const change = useMutation({
    mutationFn: ({ current_password, new_password }: PasswordValues) => authApi.changePassword({ current_password, new_password }),
    onSuccess: () => {
      reset();
      notify.success('Password changed successfully. Other devices have been signed out.');
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    onError: (error) => {
      // The server names a weak new password's reasons `password`.
      if (!applyFieldErrors(error, setError, PASSWORD_FIELDS, { password: 'new_password' })) {
        notify.error(error, 'Failed to change password');
      }
    },
  });

  return (
    <Card>
      <form onSubmit={handleSubmit((values) => change.mutate(values))} noValidate aria-labelledby="change-password-title">
        <CardHeader>
          <CardTitle id="change-password-title">Change password</CardTitle>
          <CardDescription>Changing the password signs out every other device.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* Lets password managers tie the new password to the account. */}
          <UsernameInput />
          <FormField label="Current password" error={errors.current_password?.message}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" required {...register('current_password')} />}
          </FormField>
          <FormField
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            error={splitReasons(errors.new_password?.message)}
          >
            {(control) => <Input {...control} type="password" autoComplete="new-password" required {...register('new_password')} />}
          </FormField>
          <FormField label="New password again" error={errors.new_password_confirmation?.message}>
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" required {...register('new_password_confirmation')} />
            )}
          </FormField>
        </CardContent>
        <CardFooter>
          <SubmitButton pending={change.isPending} pendingLabel="Changing...">
            Change Password
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.sessions, queryFn: authApi.listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions });

  const revoke = useMutation({
    mutationFn: (session: SessionSummary) => authApi.revokeSession(session.id),
    onSuccess: () => notify.success('Device signed out successfully'),
    onError: (error) => notify.error(error, 'Failed to sign out the device'),
    onSettled: refresh,
  });
  const signOutOthers = useMutation({
    mutationFn: () => authApi.signOut('others'),
    onSuccess: () => notify.success('Other devices signed out successfully'),
    onError: (error) => notify.error(error, 'Failed to sign out other devices'),
    onSettled: refresh,
  });

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  // This device first, then the others by last activity (the server's order).
  const ordered = sessions.data ? [...sessions.data.filter((session) => session.current), ...others] : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>Every browser where you are signed in. Signing out a device ends its session at once.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={sessions} loading="Loading devices…" failure="Could not load the devices" padding="py-6">
          {() => (
            <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Sessions">
              {ordered.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  pending={revoke.isPending && revoke.variables?.id === session.id}
                  onRevoke={() => revoke.mutate(session)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button variant="outline" disabled={others.length === 0 || signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
          {signOutOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          Sign out other devices
        </Button>
        {sessions.isSuccess && others.length === 0 ? (
          <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
        ) : null}
      </CardFooter>
    </Card>
  );
}

function SessionRow({ session, pending, onRevoke }: { session: SessionSummary; pending: boolean; onRevoke: () => void }) {
  const device = describeUserAgent(session.user_agent);
  const lastSeen = formatDateTime(session.last_seen_at);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-current={session.current ? 'true' : undefined}>
      <Monitor aria-hidden="true" className="hidden size-5 shrink-0 text-muted-foreground sm:block" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.current ? <Badge variant="secondary">This device</Badge> : null}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
          <span>Last active {lastSeen}</span>
          <span>Signed in {formatDateTime(session.created_at)}</span>
          {session.ip ? <span>IP {session.ip}</span> : null}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={pending}
          onClick={onRevoke}
          aria-label={`Sign out ${device}, last active ${lastSeen}`}
        >
          {pending ? <Spinner /> : null}
          Sign out
        </Button>
      )}
    </li>
  );
}
