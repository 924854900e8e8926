/** /admin/contact: the Contact page's texts (spec sections 2 and 3), one form. */
import { z } from 'zod';
import type { ContactContent } from '../../api/types';
import { longText, optionalLine } from '../entities/kit';
import type { StoredFormSpec } from './page-form';
import { SectionScreen } from './SectionForm';

const contactSchema = z.object({
  title: optionalLine('Title'),
  subtitle: optionalLine('Subtitle'),
  email: optionalLine('Email'),
  phone: optionalLine('Phone'),
  office_address: longText('Office Address'),
  mailing_address: longText('Mailing Address'),
  office_hours: longText('Office Hours'),
  additional_info: longText('Additional Information'),
});
export const CONTACT_FORM: StoredFormSpec<z.infer<typeof contactSchema>, ContactContent> = {
  schema: contactSchema,
  toInput: (values) => values,
};

export function ContactScreen() {
  return (
    <SectionScreen
      section="contact"
      title="Contact Page"
      description="How to reach you, shown on the public Contact page. Empty fields are not shown."
      spec={CONTACT_FORM}
      sentences="contact"
    >
      {(Field) => (
        <>
          <Field.Text name="title" label="Title" />
          <Field.Text name="subtitle" label="Subtitle" />
          <Field.Text name="email" label="Email" type="email" placeholder="name@university.se" />
          <Field.Text name="phone" label="Phone" type="tel" placeholder="+46 31 123 45 67" />
          <Field.TextArea name="office_address" label="Office Address" rows={3} wide />
          <Field.TextArea name="mailing_address" label="Mailing Address" rows={3} wide />
          <Field.TextArea name="office_hours" label="Office Hours" rows={3} wide />
          <Field.TextArea
            name="additional_info"
            label="Additional Information"
            rows={5}
            hint="Shown below the contact details. Line breaks are kept."
            wide
          />
        </>
      )}
    </SectionScreen>
  );
}
