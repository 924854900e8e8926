/**
 * /admin/welcome: the first-run step (issue 44), where the setup page goes
 * once the owner account exists. A new site shows a made-up sample owner;
 * this asks for the owner's name, title, institution and photo (prefilled
 * with what the home page shows now, the sample's until changed) and stores
 * them in the hero (`PUT /api/homepage/hero`, which renders / again at once),
 * or is skipped and the sample stays. Then it offers the two imports.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import type { HeroContent, SectionRecord } from '../../api/types';
import { CircleCheck } from '../../components/icons';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../api';
import { FormShell, fieldsFor, optionalLine, SubmitButton, useEntityForm } from '../entities/kit';
import { PhotoField } from '../entities/kit/PhotoField';
import { ImportBibtexButton } from '../entities/publications/ImportBibtex';
import { PageScreen } from '../page-texts/page-form';
import { failedMessage, sectionApi, sectionQueryKey, useSection } from '../page-texts/section-api';
import { linkRule } from '../page-texts/SectionForm';

const introductionSchema = z.object({
  name: optionalLine('Name'),
  title: optionalLine('Title'),
  institution: optionalLine('Institution'),
  profile_image_url: linkRule('Photo'),
});
type IntroductionValues = z.infer<typeof introductionSchema>;
/** The part of the hero this step writes. */
type Introduction = Pick<HeroContent, keyof IntroductionValues>;

const Field = fieldsFor<IntroductionValues>();

export function WelcomePage() {
  return (
    <PageScreen
      title="Welcome"
      description="Your account is ready. Until you change them, your home page shows a sample owner's name, title, institution and photo: put yours there now, or skip this and do it later under Homepage."
      queries={[useSection('hero')]}
      loading="Loading your home page…"
    >
      {(hero) => (
        <div className="grid max-w-3xl gap-6">
          <Introduce hero={hero} />
          <BringYourWork />
        </div>
      )}
    </PageScreen>
  );
}

/** The four fields, saved over the hero as stored now; what else the hero holds stays. */
function Introduce({ hero }: { hero: SectionRecord<HeroContent> }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (introduction: Introduction) => {
      const stored = await sectionApi.read('hero');
      return sectionApi.save('hero', { ...stored.content, ...introduction });
    },
    onSuccess: (record) => queryClient.setQueryData(sectionQueryKey('hero'), record),
    onError: (error) => toast.error('Error', { description: failedMessage('hero', errorMessage(error)) }),
  });
  const { name, title, institution, profile_image_url } = hero.content;
  const { form, onSubmit, pending } = useEntityForm({
    schema: introductionSchema,
    defaultValues: { name, title, institution, profile_image_url },
    toInput: (values): Introduction => values,
    submit: save.mutateAsync,
    onSaved: (values) => setSaved(values.name || 'your details'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Introduce yourself</CardTitle>
        <CardDescription>Shown at the top of your home page, and your name on every page.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {saved !== null ? (
          <Alert title="On your site now" icon={<CircleCheck aria-hidden="true" />}>
            Your home page shows {saved}.{' '}
            <a href="/" className="font-medium underline underline-offset-4 focus-ring">
              View your site
            </a>
          </Alert>
        ) : null}
        <FormShell form={form} onSubmit={onSubmit} aria-label="Introduce yourself" className="grid gap-5 sm:grid-cols-2">
          <Field.Text name="name" label="Name" autoComplete="name" wide />
          <Field.Text name="title" label="Title" placeholder="Associate Professor" autoComplete="organization-title" />
          <Field.Text name="institution" label="Institution" autoComplete="organization" />
          <PhotoField form={form} field="profile_image_url" initial={profile_image_url} label="Photo" />
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <SubmitButton pending={pending} pendingLabel="Saving...">
              Save to my site
            </SubmitButton>
            <Link to="/admin" className={buttonClassName('ghost')}>
              {saved === null ? 'Skip for now' : 'Go to the dashboard'}
            </Link>
          </div>
        </FormShell>
      </CardContent>
    </Card>
  );
}

/** The imports that fill a new site: a .bib file of papers, or a whole site from elsewhere. */
function BringYourWork() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Bring in your work</CardTitle>
        <CardDescription>
          Import your publications from a BibTeX file (from Google Scholar, Zotero or your reference manager), or a whole site made with
          another tool (its pages, papers, talks and photos).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <ImportBibtexButton />
        <Link to="/admin/import-site" className={buttonClassName('outline')}>
          Import a site
        </Link>
      </CardContent>
    </Card>
  );
}
