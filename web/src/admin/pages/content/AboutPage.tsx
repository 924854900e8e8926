/** /admin/about: the About page's texts (spec sections 2 and 3), one form. */
import type { AboutContent } from '../../../api/types';
import type { FieldSpecs } from '../../content/sections/section-fields';
import { SectionScreen } from '../../content/sections/SectionScreen';

const LINE_BREAKS = 'Line breaks are kept on the page. Leave empty to hide the section.';

const ABOUT_FIELDS: FieldSpecs<AboutContent> = {
  title: { label: 'Title' },
  bio: { label: 'Biography', kind: 'multiline', rows: 6, hint: 'The opening text of the page. Line breaks are kept.' },
  background: { label: 'Background', kind: 'multiline', hint: LINE_BREAKS },
  research_interests: { label: 'Research Interests', kind: 'multiline', hint: LINE_BREAKS },
  education: { label: 'Education', kind: 'multiline', hint: LINE_BREAKS },
  experience: { label: 'Experience', kind: 'multiline', hint: LINE_BREAKS },
  awards: { label: 'Awards', kind: 'multiline', hint: LINE_BREAKS },
  leadership: { label: 'Leadership', kind: 'multiline', hint: LINE_BREAKS },
  service: { label: 'Service', kind: 'multiline', hint: LINE_BREAKS },
  personal: { label: 'Personal', kind: 'multiline', hint: LINE_BREAKS },
};

export function AboutPage() {
  return (
    <SectionScreen
      section="about"
      title="About Page"
      description="Your biography and background, shown on the public About page."
      fields={ABOUT_FIELDS}
      submitLabel="Update About Page"
    />
  );
}
