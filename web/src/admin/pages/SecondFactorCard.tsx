/**
 * The account page's two-factor authentication card. Off: the password starts
 * the set-up, which shows a QR code and the key as text, and a code from the
 * app turns it on. On: how many recovery codes are left, a new set (needs a
 * code), and turning it off (needs the password and a code). New recovery
 * codes are shown once, with Copy and Download. Turning it on or off signs out
 * every other device (the server does it). The server checks everything; the
 * forms only catch what is plainly missing.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Enrolment } from '../../api/types';
import { Copy, Download, KeyRound, ShieldCheck } from '../../components/icons';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../api';
import { useAuth } from '../auth';
import { queryKeys, secondFactorApi } from '../endpoints';
import { applyFieldErrors } from '../form-errors';
import { notify } from '../toast';

/** What the card shows besides the status. */
type Panel =
  | { kind: 'none' }
  | { kind: 'start' }
  | { kind: 'confirm'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

const NONE: Panel = { kind: 'none' };

export function SecondFactorCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.secondFactor, queryFn: secondFactorApi.status });
  const [panel, setPanel] = useState<Panel>(NONE);
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor });
    void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  };

  let body: React.ReactNode;
  if (panel.kind === 'start')
    body = <StartForm onStarted={(enrolment) => setPanel({ kind: 'confirm', enrolment })} onCancel={() => setPanel(NONE)} />;
  else if (panel.kind === 'confirm')
    body = (
      <ConfirmForm
        enrolment={panel.enrolment}
        onConfirmed={(codes) => {
          changed();
          setPanel({ kind: 'codes', codes });
        }}
        onCancel={() => setPanel(NONE)}
      />
    );
  else if (panel.kind === 'codes') body = <RecoveryCodesPanel codes={panel.codes} onDone={() => setPanel(NONE)} />;
  else if (panel.kind === 'regenerate')
    body = (
      <RegenerateForm
        onDone={(codes) => {
          changed();
          setPanel({ kind: 'codes', codes });
        }}
        onCancel={() => setPanel(NONE)}
      />
    );
  else if (panel.kind === 'disable')
    body = (
      <DisableForm
        onDone={() => {
          changed();
          setPanel(NONE);
        }}
        onCancel={() => setPanel(NONE)}
      />
    );

  return (
    <Card aria-labelledby="second-factor-title">
      <CardHeader>
        <CardTitle id="second-factor-title" className="flex flex-wrap items-center gap-2">
          Two-factor authentication
          {status.data ? <Badge variant={status.data.enabled ? 'default' : 'secondary'}>{status.data.enabled ? 'On' : 'Off'}</Badge> : null}
        </CardTitle>
        <CardDescription>
          After your password, signing in also asks for a 6-digit code from an authenticator app on your phone (such as Aegis, Google
          Authenticator or 1Password), so a leaked password alone is not enough.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <div className="flex justify-center py-4 text-muted-foreground">
            <Spinner label="Loading…" className="size-6" />
          </div>
        ) : status.isError ? (
          <Alert variant="destructive" title="Could not load two-factor authentication">
            {errorMessage(status.error)}
          </Alert>
        ) : status.data.enabled ? (
          <p className="text-sm" data-testid="recovery-codes-left">
            {status.data.recovery_codes_left === 1 ? '1 recovery code left.' : `${status.data.recovery_codes_left} recovery codes left.`}
            {status.data.recovery_codes_left <= 3 ? ' Make a new set before you run out.' : null}
          </p>
        ) : null}
        {body}
      </CardContent>
      {panel.kind === 'none' && status.data ? (
        <CardFooter className="flex-wrap">
          {status.data.enabled ? (
            <>
              <Button variant="outline" onClick={() => setPanel({ kind: 'regenerate' })}>
                <KeyRound aria-hidden="true" />
                New recovery codes
              </Button>
              <Button variant="destructive" onClick={() => setPanel({ kind: 'disable' })}>
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={() => setPanel({ kind: 'start' })}>
              <ShieldCheck aria-hidden="true" />
              Turn on two-factor authentication
            </Button>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') });
type PasswordValues = z.infer<typeof passwordSchema>;

/** First step of the set-up: the password, so a borrowed session cannot add its own phone. */
function StartForm({ onStarted, onCancel }: { onStarted: (enrolment: Enrolment) => void; onCancel: () => void }) {
  const { user } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });
  const start = useMutation({
    mutationFn: secondFactorApi.startEnrolment,
    onSuccess: onStarted,
    onError: (error) => {
      if (!applyFieldErrors(error, setError, ['password'])) notify.error(error, 'Failed to set up two-factor authentication');
    },
  });
  return (
    <form
      onSubmit={handleSubmit((values) => start.mutate(values))}
      noValidate
      className="grid gap-4"
      aria-label="Set up two-factor authentication"
    >
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <FormField label="Password" hint="Enter your password to continue." error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" required {...register('password')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? <Spinner /> : null}
          Continue
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Six digits, spaces allowed between them (as apps show them). */
const appCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});
type AppCodeValues = z.input<typeof appCodeSchema>;

/** The base32 key in groups of four, easier to type by hand. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function ConfirmForm({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AppCodeValues, unknown, z.output<typeof appCodeSchema>>({
    resolver: zodResolver(appCodeSchema),
    defaultValues: { code: '' },
  });
  const confirm = useMutation({
    mutationFn: secondFactorApi.confirmEnrolment,
    onSuccess: ({ recovery_codes }) => {
      notify.success('Two-factor authentication is on. Other devices have been signed out.');
      onConfirmed(recovery_codes);
    },
    onError: (error) => {
      if (!applyFieldErrors(error, setError, ['code'])) notify.error(error, 'Failed to turn on two-factor authentication');
    },
  });
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Scan this QR code with your authenticator app, or enter the key below by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* Black on white whatever the theme: that is what scanners read best. */}
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded-md border border-border bg-white p-2"
        />
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">Key</span>
          <code className="font-mono text-base break-all" data-testid="totp-secret">
            {grouped(enrolment.secret)}
          </code>
          <span className="text-muted-foreground">Time-based, 6 digits, every 30 seconds.</span>
        </div>
      </div>
      <form
        onSubmit={handleSubmit((values) => confirm.mutate(values))}
        noValidate
        className="grid gap-4"
        aria-label="Confirm two-factor authentication"
      >
        <FormField label="Code from the app" error={errors.code?.message}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" required {...register('code')} />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? <Spinner /> : null}
            Turn on
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The ten new codes, shown this once. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied');
    } catch (error) {
      notify.error(error, 'Failed to copy the recovery codes');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vita-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <Alert title="Save your recovery codes">
        Each code signs you in once instead of a code from your app, if you lose your phone. Keep them somewhere safe: they are not shown
        again.
      </Alert>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-border p-4 font-mono text-base" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** A code from the app or a recovery code: the server tells which. */
const anyCodeSchema = z.object({ code: z.string().trim().min(1, 'Enter a code from your authenticator app or a recovery code') });
type AnyCodeValues = z.infer<typeof anyCodeSchema>;
const CODE_HINT = 'The 6-digit code from your authenticator app, or one of your recovery codes.';

function RegenerateForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AnyCodeValues>({ resolver: zodResolver(anyCodeSchema), defaultValues: { code: '' } });
  const regenerate = useMutation({
    mutationFn: secondFactorApi.regenerateRecoveryCodes,
    onSuccess: ({ recovery_codes }) => {
      notify.success('New recovery codes made. The old ones no longer work.');
      onDone(recovery_codes);
    },
    onError: (error) => {
      if (!applyFieldErrors(error, setError, ['code'])) notify.error(error, 'Failed to make new recovery codes');
    },
  });
  return (
    <form onSubmit={handleSubmit((values) => regenerate.mutate(values))} noValidate className="grid gap-4" aria-label="New recovery codes">
      <p className="text-sm">A new set of ten replaces every recovery code you have now.</p>
      <FormField label="Code" hint={CODE_HINT} error={errors.code?.message}>
        {(control) => <Input {...control} autoComplete="one-time-code" spellCheck={false} required {...register('code')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={regenerate.isPending}>
          {regenerate.isPending ? <Spinner /> : null}
          Make new codes
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const disableSchema = passwordSchema.merge(anyCodeSchema);
type DisableValues = z.infer<typeof disableSchema>;

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { user } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DisableValues>({ resolver: zodResolver(disableSchema), defaultValues: { password: '', code: '' } });
  const disable = useMutation({
    mutationFn: secondFactorApi.disable,
    onSuccess: () => {
      notify.success('Two-factor authentication is off. Other devices have been signed out.');
      onDone();
    },
    onError: (error) => {
      if (!applyFieldErrors(error, setError, ['password', 'code'])) notify.error(error, 'Failed to turn off two-factor authentication');
    },
  });
  return (
    <form
      onSubmit={handleSubmit((values) => disable.mutate(values))}
      noValidate
      className="grid gap-4"
      aria-label="Turn off two-factor authentication"
    >
      <p className="text-sm">Without it, your password alone signs in.</p>
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <FormField label="Password" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" required {...register('password')} />}
      </FormField>
      <FormField label="Code" hint={CODE_HINT} error={errors.code?.message}>
        {(control) => <Input {...control} autoComplete="one-time-code" spellCheck={false} required {...register('code')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? <Spinner /> : null}
          Turn off
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
