/**
 * /admin/homepage: the home page's texts in two tabs, 'Hero Section' and
 * 'Stats Section', each its own form (spec sections 2 and 3), then the home
 * page's fixed sentences. The hero form also takes the profile photo and the
 * CV as uploads.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { z } from 'zod';
import type { HeroContent, StatsContent } from '../../api/types';
import { longText, optionalLine } from '../entities/kit';
import { PageSentences } from '../components/PageSentences';
import { FileUpload, type FileUploadProps } from '../entities/kit/FileUpload';
import { FieldGroup, PageScreen, type StoredFormSpec } from './page-form';
import { useSection } from './section-api';
import { SectionForm, linkRule, urlRule, type SectionLayout } from './SectionForm';

const heroSchema = z.object({
  name: optionalLine('Name'),
  title: optionalLine('Title'),
  institution: optionalLine('Institution'),
  phone: optionalLine('Phone'),
  bio: longText('Short Bio'),
  profile_image_url: linkRule('Profile Image URL'),
  profile_image_alt: optionalLine('Profile Image Alt Text'),
  cv_url: linkRule('CV URL'),
  google_scholar_url: urlRule('Google Scholar URL'),
  website_url: urlRule('Website URL'),
  linkedin_url: urlRule('LinkedIn URL'),
});
type HeroValues = z.infer<typeof heroSchema>;
export const HERO_FORM: StoredFormSpec<HeroValues, HeroContent> = { schema: heroSchema, toInput: (values) => values };

const statsSchema = z.object({
  publications_label: optionalLine('Publications Label'),
  publications_description: optionalLine('Publications Description'),
  students_label: optionalLine('Students Label'),
  students_description: optionalLine('Students Description'),
  courses_label: optionalLine('Courses Label'),
  courses_description: optionalLine('Courses Description'),
  research_areas_label: optionalLine('Research Areas Label'),
  research_areas_description: optionalLine('Research Areas Description'),
});
export const STATS_FORM: StoredFormSpec<z.infer<typeof statsSchema>, StatsContent> = { schema: statsSchema, toInput: (values) => values };

const URL_INPUT = { type: 'url', inputMode: 'url' } as const;

/** The hero's two uploads, by the link field each fills. */
const UPLOADS = {
  profile_image_url: {
    urlLabel: 'Profile Image URL',
    hint: 'Set by the upload above, or a link to an image elsewhere. Empty shows your initials.',
    upload: { bucket: 'profile-photos', label: 'Profile photo', preview: 'image' },
  },
  cv_url: {
    urlLabel: 'CV URL',
    hint: "Set by the upload above, or a link to your CV elsewhere. Empty: 'Download CV' opens /cv.pdf, made from your site.",
    upload: { bucket: 'cv-files', label: 'CV', preview: 'file' },
  },
} as const satisfies Record<string, { urlLabel: string; hint: string; upload: Pick<FileUploadProps, 'bucket' | 'label' | 'preview'> }>;

/**
 * An upload and the link field it fills: an uploaded (or removed) file's URL
 * is stored at once, while the form's other edits stay unsaved.
 */
function HeroUpload({ layout: { Field, form, saveField }, name }: { layout: SectionLayout<HeroValues>; name: keyof typeof UPLOADS }) {
  const { urlLabel, hint, upload } = UPLOADS[name];
  return (
    <>
      <div className="sm:col-span-2">
        <FileUpload {...upload} value={form.watch(name)} onChange={(url) => saveField(name, url)} />
      </div>
      <Field.Text name={name} label={urlLabel} {...URL_INPUT} hint={hint} />
    </>
  );
}

function HeroFields({ layout }: { layout: SectionLayout<HeroValues> }) {
  const { Field, form } = layout;
  // Left empty, the site says this, with the name as it is then (the server fills it in).
  const followingAlt = `Portrait of ${form.watch('name').trim()}`;
  return (
    <>
      <FieldGroup title="Profile" description="Your name and role, as the hero shows them.">
        <Field.Text name="name" label="Name" />
        <Field.Text name="title" label="Title" placeholder="Associate Professor" />
        <Field.Text name="institution" label="Institution" />
        <Field.Text name="phone" label="Phone" type="tel" />
        <Field.TextArea name="bio" label="Short Bio" hint="A few sentences under your name. Line breaks are kept." wide />
      </FieldGroup>
      <FieldGroup title="Photo" description="The round picture beside your name.">
        <HeroUpload layout={layout} name="profile_image_url" />
        <Field.Text
          name="profile_image_alt"
          label="Profile Image Alt Text"
          placeholder={followingAlt}
          hint={`Describes the photo for people who cannot see it. Left empty, it reads “${followingAlt}” and follows your name.`}
        />
      </FieldGroup>
      <FieldGroup title="CV and Links" description="The buttons under your bio.">
        <HeroUpload layout={layout} name="cv_url" />
        <Field.Text
          name="google_scholar_url"
          label="Google Scholar URL"
          {...URL_INPUT}
          placeholder="https://scholar.google.com/citations?user=…"
          hint="Empty hides the 'Google Scholar' button."
        />
        <Field.Text name="website_url" label="Website URL" {...URL_INPUT} placeholder="https://" />
        <Field.Text name="linkedin_url" label="LinkedIn URL" {...URL_INPUT} placeholder="https://www.linkedin.com/in/…" />
      </FieldGroup>
    </>
  );
}

const TAB_TRIGGER =
  'inline-flex h-9 flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors ' +
  'hover:text-foreground focus-ring ' +
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none';

// Both forms stay mounted (only hidden), so unsaved edits survive switching tabs.
const TAB_PANEL =
  'mt-6 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring data-[state=inactive]:hidden';

export function HomepageScreen() {
  return (
    <PageScreen
      title="Homepage"
      description="The hero and the statistics shown at the top of the public home page."
      queries={[useSection('hero'), useSection('stats')]}
      loading="Loading homepage content…"
    >
      {(hero, stats) => (
        <>
          <Tabs.Root defaultValue="hero">
            <Tabs.List aria-label="Homepage sections" className="flex w-full gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-auto">
              <Tabs.Trigger value="hero" className={TAB_TRIGGER}>
                Hero Section
              </Tabs.Trigger>
              <Tabs.Trigger value="stats" className={TAB_TRIGGER}>
                Stats Section
              </Tabs.Trigger>
            </Tabs.List>

            <Tabs.Content value="hero" forceMount className={TAB_PANEL}>
              <SectionForm section="hero" record={hero} spec={HERO_FORM} submitLabel="Update Hero Section" formLabel="Hero section">
                {(layout) => <HeroFields layout={layout} />}
              </SectionForm>
            </Tabs.Content>

            <Tabs.Content value="stats" forceMount className={TAB_PANEL}>
              <SectionForm section="stats" record={stats} spec={STATS_FORM} submitLabel="Update Stats Section" formLabel="Stats section">
                {({ Field }) => (
                  <FieldGroup title="Counters" description="Each counter on the home page has a label and a line of description.">
                    <Field.Text name="publications_label" label="Publications Label" />
                    <Field.Text name="publications_description" label="Publications Description" />
                    <Field.Text name="students_label" label="Students Label" />
                    <Field.Text name="students_description" label="Students Description" />
                    <Field.Text name="courses_label" label="Courses Label" />
                    <Field.Text name="courses_description" label="Courses Description" />
                    <Field.Text name="research_areas_label" label="Research Areas Label" />
                    <Field.Text name="research_areas_description" label="Research Areas Description" />
                  </FieldGroup>
                )}
              </SectionForm>
            </Tabs.Content>
          </Tabs.Root>
          <PageSentences page="home" />
        </>
      )}
    </PageScreen>
  );
}
