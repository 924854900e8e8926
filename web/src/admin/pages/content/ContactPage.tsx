/** /admin/contact: the Contact page's texts (spec sections 2 and 3), one form. */
import type { ContactContent } from '../../../api/types';
import type { FieldSpecs } from '../../content/sections/section-fields';
import { SectionScreen } from '../../content/sections/SectionScreen';

const CONTACT_FIELDS: FieldSpecs<ContactContent> = {
  title: { label: 'Title' },
  subtitle: { label: 'Subtitle' },
  email: { label: 'Email', kind: 'email', placeholder: 'name@university.se' },
  phone: { label: 'Phone', kind: 'tel', placeholder: '+46 31 123 45 67' },
  office_address: { label: 'Office Address', kind: 'multiline', rows: 3 },
  mailing_address: { label: 'Mailing Address', kind: 'multiline', rows: 3 },
  office_hours: { label: 'Office Hours', kind: 'multiline', rows: 3 },
  additional_info: { label: 'Additional Information', kind: 'multiline', hint: 'Shown below the contact details. Line breaks are kept.' },
};

export function ContactPage() {
  return (
    <SectionScreen
      section="contact"
      title="Contact Page"
      description="How to reach you, shown on the public Contact page. Empty fields are not shown."
      fields={CONTACT_FIELDS}
      submitLabel="Update Contact Page"
    />
  );
}
