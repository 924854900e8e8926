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
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Enrolment } from '../../api/types';
import { Copy, Download, KeyRound, ShieldCheck } from '../../components/icons';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SubmitButton } from '../components/SubmitButton';
import { queryKeys, secondFactorApi } from '../endpoints';
import { applyFieldErrors } from '../form-errors';
import { notify } from '../toast';
import { QueryState, UsernameInput } from './account-parts';

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

  let body: ReactNode;
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
        <QueryState query={status} loading="Loading…" failure="Could not load two-factor authentication" padding="py-4">
          {({ enabled, recovery_codes_left: left }) =>
            enabled ? (
              <p className="text-sm" data-testid="recovery-codes-left">
                {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
                {left <= 3 ? ' Make a new set before you run out.' : null}
              </p>
            ) : null
          }
        </QueryState>
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

/**
 * What one form of the card does: check its fields (all text, blank at
 * first) with `schema`, send the checked values through `call`, then show
 * `success` (if any). The server's field messages go next to their fields;
 * any other failure is a toast saying `failure`.
 */
type CardFormSpec<In extends FieldValues, Out, Result> = {
  schema: z.ZodType<Out, In> & { shape: object };
  call: (values: Out) => Promise<Result>;
  success?: string;
  failure: string;
};

/** The form a CardFormSpec declares, calling `onSuccess` with the server's answer once it is done. */
function useCardForm<In extends FieldValues, Out, Result>(
  { schema, call, success, failure }: CardFormSpec<In, Out, Result>,
  onSuccess: (result: Result) => void,
) {
  const fields = Object.keys(schema.shape) as Path<In>[];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(fields.map((field) => [field, ''])) as DefaultValues<In>,
  });
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (result: Result) => {
      if (success) notify.success(success);
      onSuccess(result);
    },
    onError: (error) => {
      if (!applyFieldErrors(error, setError, fields)) notify.error(error, failure);
    },
  });
  return { register, errors, pending: mutation.isPending, onSubmit: handleSubmit((values) => mutation.mutate(values)) };
}

/** A form of the card: its fields, then the submit button (a spinner while it runs) and Cancel. */
function CardForm({
  label,
  form: { onSubmit, pending },
  submit,
  destructive = false,
  onCancel,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  form: { onSubmit: FormEventHandler<HTMLFormElement>; pending: boolean };
  /** The submit button's words. */
  submit: string;
  destructive?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label}>
      {children}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel={submit} variant={destructive ? 'destructive' : undefined}>
          {submit}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type FieldProps = { error: string | undefined; registration: UseFormRegisterReturn };

/** The account's password (after UsernameInput, for password managers). */
function PasswordField({ hint, error, registration }: FieldProps & { hint?: string }) {
  return (
    <FormField label="Password" hint={hint} error={error}>
      {(control) => <Input {...control} type="password" autoComplete="current-password" required {...registration} />}
    </FormField>
  );
}

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') });

const START = { schema: passwordSchema, call: secondFactorApi.startEnrolment, failure: 'Failed to set up two-factor authentication' };

/** First step of the set-up: the password, so a borrowed session cannot add its own phone. */
function StartForm({ onStarted, onCancel }: { onStarted: (enrolment: Enrolment) => void; onCancel: () => void }) {
  const form = useCardForm(START, onStarted);
  return (
    <CardForm label="Set up two-factor authentication" form={form} submit="Continue" onCancel={onCancel}>
      <UsernameInput />
      <PasswordField
        hint="Enter your password to continue."
        error={form.errors.password?.message}
        registration={form.register('password')}
      />
    </CardForm>
  );
}

/** Six digits, spaces allowed between them (as apps show them). */
const appCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

const CONFIRM = {
  schema: appCodeSchema,
  call: secondFactorApi.confirmEnrolment,
  success: 'Two-factor authentication is on. Other devices have been signed out.',
  failure: 'Failed to turn on two-factor authentication',
};

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
  const form = useCardForm(CONFIRM, ({ recovery_codes }) => onConfirmed(recovery_codes));
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
      <CardForm label="Confirm two-factor authentication" form={form} submit="Turn on" onCancel={onCancel}>
        <FormField label="Code from the app" error={form.errors.code?.message}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" required {...form.register('code')} />
          )}
        </FormField>
      </CardForm>
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

const REGENERATE = {
  schema: anyCodeSchema,
  call: secondFactorApi.regenerateRecoveryCodes,
  success: 'New recovery codes made. The old ones no longer work.',
  failure: 'Failed to make new recovery codes',
};

/** A code from the app or a recovery code. */
function AnyCodeField({ error, registration }: FieldProps) {
  return (
    <FormField label="Code" hint="The 6-digit code from your authenticator app, or one of your recovery codes." error={error}>
      {(control) => <Input {...control} autoComplete="one-time-code" spellCheck={false} required {...registration} />}
    </FormField>
  );
}

function RegenerateForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const form = useCardForm(REGENERATE, ({ recovery_codes }) => onDone(recovery_codes));
  return (
    <CardForm label="New recovery codes" form={form} submit="Make new codes" onCancel={onCancel}>
      <p className="text-sm">A new set of ten replaces every recovery code you have now.</p>
      <AnyCodeField error={form.errors.code?.message} registration={form.register('code')} />
    </CardForm>
  );
}

const DISABLE = {
  schema: passwordSchema.merge(anyCodeSchema),
  call: secondFactorApi.disable,
  success: 'Two-factor authentication is off. Other devices have been signed out.',
  failure: 'Failed to turn off two-factor authentication',
};

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const form = useCardForm(DISABLE, onDone);
  return (
    <CardForm label="Turn off two-factor authentication" form={form} submit="Turn off" destructive onCancel={onCancel}>
      <p className="text-sm">Without it, your password alone signs in.</p>
      <UsernameInput />
      <PasswordField error={form.errors.password?.message} registration={form.register('password')} />
      <AnyCodeField error={form.errors.code?.message} registration={form.register('code')} />
    </CardForm>
  );
}
