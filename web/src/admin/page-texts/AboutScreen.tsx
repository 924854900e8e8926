/** /admin/about: the About page's texts (spec sections 2 and 3), one form. */
import { z } from 'zod';
import type { AboutContent } from '../../api/types';
import { longText, optionalLine } from '../entities/kit';
import type { StoredFormSpec } from './page-form';
import { SectionScreen } from './SectionForm';

const aboutSchema = z.object({
  title: optionalLine('Title'),
  bio: longText('Biography'),
  background: longText('Background'),
  research_interests: longText('Research Interests'),
  education: longText('Education'),
  experience: longText('Experience'),
  awards: longText('Awards'),
  leadership: longText('Leadership'),
  service: longText('Service'),
  personal: longText('Personal'),
});
export const ABOUT_FORM: StoredFormSpec<z.infer<typeof aboutSchema>, AboutContent> = { schema: aboutSchema, toInput: (values) => values };

const LINE_BREAKS = 'Line breaks are kept on the page. Leave empty to hide the section.';

export function AboutScreen() {
  return (
    <SectionScreen
      section="about"
      title="About Page"
      description="Your biography and background, shown on the public About page."
      spec={ABOUT_FORM}
    >
      {(Field) => (
        <>
          <Field.Text name="title" label="Title" />
          <Field.TextArea name="bio" label="Biography" rows={6} hint="The opening text of the page. Line breaks are kept." wide />
          <Field.TextArea name="background" label="Background" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="research_interests" label="Research Interests" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="education" label="Education" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="experience" label="Experience" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="awards" label="Awards" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="leadership" label="Leadership" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="service" label="Service" rows={5} hint={LINE_BREAKS} wide />
          <Field.TextArea name="personal" label="Personal" rows={5} hint={LINE_BREAKS} wide />
        </>
      )}
    </SectionScreen>
  );
}
