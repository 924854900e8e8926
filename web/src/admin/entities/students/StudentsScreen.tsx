/** /admin/students: the students supervised, as a table with an add/edit dialog (spec sections 2, 3, 5). */
import type { Student, StudentInput } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { EntityScreen, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { PhotoField, removePhoto } from '../kit/PhotoField';
import { LEVEL_OPTIONS, STATUS_LABELS, STATUS_OPTIONS, studentForm, studentKind, type StudentValues } from './schema';

const form: EntityFormSpec<Student, StudentValues, StudentInput> = {
  ...studentForm,
  fields: ({ form, Field, item }) => (
    <>
      <Field.Text name="name" label="Name" required autoComplete="off" wide />
      <Field.Select name="level" label="Level" options={LEVEL_OPTIONS} />
      <Field.Select name="status" label="Status" options={STATUS_OPTIONS} />
      <Field.Text name="start_year" label="Start Year" inputMode="numeric" />
      <Field.Text name="graduation_year" label="Graduation Year" inputMode="numeric" hint="Leave empty while studying." />
      <Field.Text name="thesis_title" label="Thesis Title" wide />
      <Field.TextArea name="bio" label="Bio" wide />
      <Field.Text name="current_position" label="Current Position" wide />
      <Field.Text name="email" label="Email" type="email" inputMode="email" autoComplete="off" />
      <Field.Text name="linkedin_url" label="LinkedIn URL" type="url" inputMode="url" />
      <Field.Text name="website_url" label="Website URL" type="url" inputMode="url" />
      <PhotoField form={form} field="profile_image_url" initial={item?.profile_image_url} label="Photo" />
      <Field.Text
        name="profile_image_url"
        label="Profile Image URL"
        inputMode="url"
        hint="Filled in by the upload above, or any image address."
      />
      <Field.Text name="sort_order" label="Sort Order" inputMode="numeric" hint="Lower numbers come first." />
    </>
  ),
};

const TEXTS = { title: 'Students', itemName: 'Student', description: 'The students you supervise, current and graduated.' };

const columns: readonly Column<Student>[] = [
  { header: 'Name', cell: (student) => <span className="font-medium">{student.name}</span> },
  { header: 'Level', cell: (student) => <Badge variant="secondary">{student.level.toUpperCase()}</Badge> },
  statusColumn(STATUS_LABELS, 'current'),
  { header: 'Start Year', cell: (student) => student.start_year },
  { header: 'Graduation Year', cell: (student) => student.graduation_year ?? '-' },
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (student: Student) => student.name;

export default function StudentsScreen() {
  return (
    <EntityScreen
      sentences="students"
      kind={studentKind}
      texts={TEXTS}
      namedSubmit
      list={{ layout: 'table', columns, rowName }}
      form={form}
      onDeleted={(row) => removePhoto(row.profile_image_url)}
    />
  );
}
