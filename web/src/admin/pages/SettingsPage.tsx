/** /admin/settings: the site-wide options (analytics script, students' visibility). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SiteSettings } from '../../api/types';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FieldError, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../api';
import { PageHeader } from '../components/PageHeader';
import { queryKeys, settingsApi } from '../endpoints';
import { applyFieldErrors } from '../form-errors';
import { notify } from '../toast';
import { useDocumentTitle } from '../useDocumentTitle';

const HTTPS_MESSAGE = 'The script URL must start with https://';

const settingsSchema = z.object({
  analytics_script_url: z
    .string()
    .trim()
    .refine((url) => url === '' || (url.startsWith('https://') && URL.canParse(url)), HTTPS_MESSAGE),
  show_students_publicly: z.boolean(),
});
type SettingsValues = z.infer<typeof settingsSchema>;

const FIELDS = ['analytics_script_url', 'show_students_publicly'] as const;

export function SettingsPage() {
  useDocumentTitle('Site Settings');
  const settings = useQuery({ queryKey: queryKeys.siteSettings, queryFn: settingsApi.read });

  return (
    <>
      <PageHeader title="Site Settings" description="Options that apply to the whole public site." />
      {settings.isPending ? (
        <PageSpinner label="Loading settings…" />
      ) : settings.isError ? (
        <Alert variant="destructive" title="Could not load the settings">
          {errorMessage(settings.error)}{' '}
          <button type="button" className="font-medium underline underline-offset-4" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <SettingsForm stored={settings.data} />
      )}
    </>
  );
}

function SettingsForm({ stored }: { stored: SiteSettings }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema), defaultValues: stored });

  // Stored values that change elsewhere (another tab) replace the form's, unless it is being edited.
  useEffect(() => {
    if (!isDirty) reset(stored);
  }, [stored, isDirty, reset]);

  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.siteSettings, saved);
      reset(saved);
      notify.success('Settings updated successfully');
    },
    onError: (error) => {
      applyFieldErrors(error, setError, FIELDS);
      notify.error(error, 'Failed to update settings');
    },
  });

  const onSubmit = handleSubmit((values) => save.mutate(values));
  const studentsHintId = 'show-students-hint';

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Site settings">
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle>Home page and visibility</CardTitle>
          <CardDescription>Changes take effect on the public pages at once.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <FormField
            label="Analytics script URL"
            hint="A visitor counter or analytics script, loaded on the home page only (never on other pages). It must start with https://. Leave empty for none."
            error={errors.analytics_script_url?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://counter.example.com/script.js"
                {...register('analytics_script_url')}
              />
            )}
          </FormField>

          <div className="grid gap-2">
            <div className="flex items-start gap-3">
              <input
                id="show_students_publicly"
                type="checkbox"
                aria-describedby={studentsHintId}
                className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary focus-ring"
                {...register('show_students_publicly')}
              />
              <div className="grid gap-1.5">
                <label htmlFor="show_students_publicly" className="text-sm leading-none font-medium">
                  Show students publicly
                </label>
                <p id={studentsHintId} className="text-sm text-muted-foreground">
                  Off (as the specification has it): only signed-in users see the student list; visitors see the
                  Students page without it. On: every visitor sees the list, never with e-mail addresses.
                </p>
              </div>
            </div>
            <FieldError messages={errors.show_students_publicly?.message ? [errors.show_students_publicly.message] : []} />
          </div>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? 'Updating...' : 'Update Settings'}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
