/**
 * /admin/about: the About page's texts (spec sections 2 and 3), one form.
 * Education, Experience, Awards and Service each show their free text or the
 * CV's list of the same facts (issue 44), chosen per block, so a fact is
 * typed once.
 */
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ABOUT_BLOCK_SOURCES } from '../../api/rules';
import type { AboutBlockSource, AboutContent } from '../../api/types';
import { type Fields, longText, oneOf, optionalLine } from '../entities/kit';
import type { StoredFormSpec } from './page-form';
import { SectionScreen } from './SectionForm';

const aboutSchema = z.object({
  title: optionalLine('Title'),
  bio: longText('Biography'),
  background: longText('Background'),
  research_interests: longText('Research Interests'),
  education: longText('Education'),
  education_source: oneOf(ABOUT_BLOCK_SOURCES),
  experience: longText('Experience'),
  experience_source: oneOf(ABOUT_BLOCK_SOURCES),
  awards: longText('Awards'),
  awards_source: oneOf(ABOUT_BLOCK_SOURCES),
  leadership: longText('Leadership'),
  service: longText('Service'),
  service_source: oneOf(ABOUT_BLOCK_SOURCES),
  personal: longText('Personal'),
});
type AboutValues = z.infer<typeof aboutSchema>;
export const ABOUT_FORM: StoredFormSpec<AboutValues, AboutContent> = { schema: aboutSchema, toInput: (values) => values };

const LINE_BREAKS = 'Line breaks are kept on the page. Leave empty to hide the section.';

/** The choice's words, in the order offered. */
export const SOURCE_LABELS: Record<AboutBlockSource, string> = { text: 'Free text', cv: "The CV's list" };

/** The blocks the CV also holds: each block's text field, its choice, and the CV screen of the same facts. */
export const CV_BLOCKS = [
  { name: 'education', label: 'Education', cv: { path: '/admin/cv-education', title: 'CV: Education', items: 'degrees' } },
  { name: 'experience', label: 'Experience', cv: { path: '/admin/cv-appointments', title: 'CV: Appointments', items: 'appointments' } },
  { name: 'awards', label: 'Awards', cv: { path: '/admin/cv-awards', title: 'CV: Awards and Honours', items: 'awards' } },
  { name: 'service', label: 'Service', cv: { path: '/admin/cv-service', title: 'CV: Service', items: 'service roles' } },
] as const;

type CvBlock = (typeof CV_BLOCKS)[number];

/**
 * A block the CV also lists: what it shows, then its free text, or where its
 * list is edited. The free text is kept while the CV's list is shown, and
 * comes back with 'Free text'.
 */
function CvBlockField({ Field, block }: { Field: Fields<AboutValues>; block: CvBlock }) {
  const source = useWatch<AboutValues>({ name: `${block.name}_source` });
  return (
    // A box, not a fieldset: the two fields name the block themselves ('Education shows', 'Education').
    <div className="grid gap-4 rounded-lg border border-border p-4 sm:col-span-2">
      <Field.Select
        name={`${block.name}_source`}
        label={`${block.label} shows`}
        options={ABOUT_BLOCK_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))}
      />
      {source === 'cv' ? (
        <p className="text-sm text-muted-foreground">
          The About page lists your published {block.cv.items} as the CV shows them; add and edit them under{' '}
          <Link to={block.cv.path} className="font-medium text-primary underline underline-offset-4 focus-ring">
            {block.cv.title}
          </Link>
          . Your free text is kept, unseen, and comes back with &lsquo;{SOURCE_LABELS.text}&rsquo;.
        </p>
      ) : (
        <Field.TextArea name={block.name} label={block.label} rows={5} hint={LINE_BREAKS} />
      )}
    </div>
  );
}

export function AboutScreen() {
  const [education, experience, awards, service] = CV_BLOCKS;
  return (
    <SectionScreen
      section="about"
      title="About Page"
      description="Your biography and background, shown on the public About page. Education, Experience, Awards and Service can show the CV's lists instead of free text, so each fact is typed once."
      spec={ABOUT_FORM}
      sentences="about"
    >
      {(Field) => (
        <>
          <Field.Text name="title" label="Title" />
          <Field.TextArea name="bio" label="Biography" rows={6} hint="The opening text of the page. Line breaks are kept." wide />
          <Field.TextArea name="background" label="Background" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="research_interests" label="Research Interests" rows={5} hint={LINE_BREAKS} wide />
          <CvBlockField Field={Field} block={education} />
          <CvBlockField Field={Field} block={experience} />
          <CvBlockField Field={Field} block={awards} />
          <Field.TextArea name="leadership" label="Leadership" rows={5} hint={LINE_BREAKS} wide />
          <CvBlockField Field={Field} block={service} />
          <Field.TextArea name="personal" label="Personal" rows={5} hint={LINE_BREAKS} wide />
        </>
      )}
    </SectionScreen>
  );
}
