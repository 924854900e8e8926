/** /admin/cv-other: free sections of the CV (languages, memberships, …), shown on the CV page when published. A table with an add/edit dialog. */
import type { CvOther } from '../../../api/types';
import type { FieldsArgs } from '../kit';
import { CvScreen, nameColumn } from '../kit/cv';
import { type CvOtherValues, cvOtherForm, cvOtherKind } from './schema';

const fields = ({ Field }: FieldsArgs<CvOther, CvOtherValues>) => (
  <>
    <Field.Text name="title" label="Title" required autoComplete="off" wide />
    <Field.RichText name="content" label="Content" />
  </>
);

const title = (item: CvOther) => item.title;

const TEXTS = {
  title: 'Other CV Sections',
  description: 'Free sections of the CV (languages, memberships, …), shown on the CV page when published.',
};

export default function CvOtherScreen() {
  return (
    <CvScreen
      kind={cvOtherKind}
      texts={TEXTS}
      form={{ ...cvOtherForm, fields, translation: 'cv_other' }}
      columns={[nameColumn('Title', title)]}
      rowName={title}
    />
  );
}
