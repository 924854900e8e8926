/** /admin/settings: the site-wide options (analytics script, students' visibility). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { z } from 'zod';
import type { SiteSettings } from '../../api/types';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { FieldError } from '../../components/ui/form-field';
import { queryKeys, settingsApi } from '../endpoints';
import { FormShell, fieldsFor, optionalLine } from '../entities/kit';
import { notify } from '../toast';
import { PageScreen, UpdateButton, useStoredForm, type StoredFormSpec } from './page-form';

const settingsSchema = z.object({
  // As src/settings.rs: https only (the script runs on the public home page).
  analytics_script_url: optionalLine('The script URL').refine(
    (url) => url === '' || (url.startsWith('https://') && URL.canParse(url)),
    'The script URL must start with https://',
  ),
  show_students_publicly: z.boolean(),
});
type SettingsValues = z.infer<typeof settingsSchema>;

export const SETTINGS_FORM: StoredFormSpec<SettingsValues, SiteSettings> = { schema: settingsSchema, toInput: (values) => values };

const Field = fieldsFor<SettingsValues>();

export function SettingsScreen() {
  const settings = useQuery({ queryKey: queryKeys.siteSettings, queryFn: settingsApi.read });
  return (
    <PageScreen
      title="Site Settings"
      description="Options that apply to the whole public site."
      queries={[settings]}
      loading="Loading settings…"
      errorTitle="Could not load the settings"
    >
      {(stored) => <SettingsForm stored={stored} />}
    </PageScreen>
  );
}

function SettingsForm({ stored }: { stored: SiteSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.siteSettings, saved);
      notify.success('Settings updated successfully');
    },
    onError: (error) => notify.error(error, 'Failed to update settings'),
  });
  const { form, onSubmit, pending } = useStoredForm({ spec: SETTINGS_FORM, stored, submit: save.mutateAsync });
  const studentsHintId = useId();
  const studentsError = form.formState.errors.show_students_publicly?.message;

  return (
    <FormShell form={form} onSubmit={onSubmit} aria-label="Site settings">
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle>Home page and visibility</CardTitle>
          <CardDescription>Changes take effect on the public pages at once.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Field.Text
            name="analytics_script_url"
            label="Analytics script URL"
            hint="A visitor counter or analytics script, loaded on the home page only (never on other pages). It must start with https://. Leave empty for none."
            type="url"
            inputMode="url"
            placeholder="https://counter.example.com/script.js"
          />
          <div className="grid gap-1.5">
            <Checkbox label="Show students publicly" aria-describedby={studentsHintId} {...form.register('show_students_publicly')} />
            <p id={studentsHintId} className="pl-6 text-sm text-muted-foreground">
              Off (as the specification has it): only signed-in users see the student list; visitors see the Students page without it. On:
              every visitor sees the list, never with e-mail addresses.
            </p>
            <FieldError messages={studentsError ? [studentsError] : []} />
          </div>
        </CardContent>
        <CardFooter>
          <UpdateButton pending={pending}>Update Settings</UpdateButton>
        </CardFooter>
      </Card>
    </FormShell>
  );
}
