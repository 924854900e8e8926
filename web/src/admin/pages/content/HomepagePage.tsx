/**
 * /admin/homepage: the home page's texts in two tabs, 'Hero Section' and
 * 'Stats Section', each its own form (spec sections 2 and 3). The hero form
 * also takes the profile photo and the CV as uploads.
 */
import * as Tabs from '@radix-ui/react-tabs';
import type { HeroContent, StatsContent } from '../../../api/types';
import { PageSpinner } from '../../../components/ui/spinner';
import { PageHeader } from '../../components/PageHeader';
import { FileUpload } from '../../content/sections/FileUpload';
import { useSection } from '../../content/sections/section-api';
import type { FieldSpecs } from '../../content/sections/section-fields';
import { FieldGroup, SectionForm, SectionLoadError } from '../../content/sections/SectionForm';
import { useDocumentTitle } from '../../useDocumentTitle';

const HERO_FIELDS: FieldSpecs<HeroContent> = {
  name: { label: 'Name' },
  title: { label: 'Title', placeholder: 'Associate Professor' },
  institution: { label: 'Institution' },
  phone: { label: 'Phone', kind: 'tel' },
  bio: { label: 'Short Bio', kind: 'multiline', rows: 4, hint: 'A few sentences under your name. Line breaks are kept.' },
  profile_image_url: {
    label: 'Profile Image URL',
    kind: 'link',
    hint: 'Set by the upload above, or a link to an image elsewhere. Empty shows your initials.',
  },
  profile_image_alt: { label: 'Profile Image Alt Text', hint: 'Describes the photo for people who cannot see it.' },
  cv_url: { label: 'CV URL', kind: 'link', hint: "Set by the upload above, or a link to your CV elsewhere. Empty hides 'Download CV'." },
  google_scholar_url: {
    label: 'Google Scholar URL',
    kind: 'link',
    placeholder: 'https://scholar.google.com/citations?user=…',
    hint: "Empty hides the 'Google Scholar' button.",
  },
  website_url: { label: 'Website URL', kind: 'link', placeholder: 'https://' },
  linkedin_url: { label: 'LinkedIn URL', kind: 'link', placeholder: 'https://www.linkedin.com/in/…' },
};

const STATS_FIELDS: FieldSpecs<StatsContent> = {
  publications_label: { label: 'Publications Label' },
  publications_description: { label: 'Publications Description' },
  students_label: { label: 'Students Label' },
  students_description: { label: 'Students Description' },
  courses_label: { label: 'Courses Label' },
  courses_description: { label: 'Courses Description' },
  research_areas_label: { label: 'Research Areas Label' },
  research_areas_description: { label: 'Research Areas Description' },
};

const TAB_TRIGGER =
  'inline-flex h-9 flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors ' +
  'hover:text-foreground focus-ring ' +
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none';

// Both forms stay mounted (only hidden), so unsaved edits survive switching tabs.
const TAB_PANEL = 'mt-6 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring data-[state=inactive]:hidden';

export function HomepagePage() {
  useDocumentTitle('Homepage');
  const hero = useSection('hero');
  const stats = useSection('stats');

  return (
    <>
      <PageHeader title="Homepage" description="The hero and the statistics shown at the top of the public home page." />
      {hero.isPending || stats.isPending ? (
        <PageSpinner label="Loading homepage content…" />
      ) : hero.isError ? (
        <SectionLoadError error={hero.error} onRetry={() => void hero.refetch()} />
      ) : stats.isError ? (
        <SectionLoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
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
            <SectionForm section="hero" record={hero.data} fields={HERO_FIELDS} submitLabel="Update Hero Section" formLabel="Hero section">
              {({ field, form, saveField }) => (
                <>
                  <FieldGroup title="Profile" description="Your name and role, as the hero shows them.">
                    {field('name')}
                    {field('title')}
                    {field('institution')}
                    {field('phone')}
                    {field('bio')}
                  </FieldGroup>
                  <FieldGroup title="Photo" description="The round picture beside your name.">
                    <div className="sm:col-span-2">
                      <FileUpload
                        bucket="profile-photos"
                        label="Profile photo"
                        preview="image"
                        value={form.watch('profile_image_url')}
                        onChange={(url) => saveField('profile_image_url', url)}
                      />
                    </div>
                    {field('profile_image_url')}
                    {field('profile_image_alt')}
                  </FieldGroup>
                  <FieldGroup title="CV and Links" description="The buttons under your bio.">
                    <div className="sm:col-span-2">
                      <FileUpload
                        bucket="cv-files"
                        label="CV"
                        preview="file"
                        value={form.watch('cv_url')}
                        onChange={(url) => saveField('cv_url', url)}
                      />
                    </div>
                    {field('cv_url')}
                    {field('google_scholar_url')}
                    {field('website_url')}
                    {field('linkedin_url')}
                  </FieldGroup>
                </>
              )}
            </SectionForm>
          </Tabs.Content>

          <Tabs.Content value="stats" forceMount className={TAB_PANEL}>
            <SectionForm section="stats" record={stats.data} fields={STATS_FIELDS} submitLabel="Update Stats Section" formLabel="Stats section">
              {({ field }) => (
                <FieldGroup title="Counters" description="Each counter on the home page has a label and a line of description.">
                  {Object.keys(STATS_FIELDS).map((name) => field(name as keyof StatsContent))}
                </FieldGroup>
              )}
            </SectionForm>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </>
  );
}
