/** /admin/students: the students supervised, as a table with an add/edit dialog (spec sections 2, 3, 5). */
import { z } from 'zod';
import type { Student, StudentInput } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { currentYear, inputText, optionalInteger, optionalText, parseInteger } from '../../content/form-values';
import { KINDS } from '../../content/kinds';
import { ContentDialogForm, type ContentFormProps } from '../../content/tables/ContentDialogForm';
import { ContentTableScreen, type Column } from '../../content/tables/ContentTableScreen';
import { StatusBadge } from '../../content/tables/display';
import { fieldsFor } from '../../content/tables/fields';
import {
  optionalEmail,
  optionalHttpUrl,
  optionalIntegerText,
  optionalLine,
  optionLabel,
  requiredText,
  type Option,
} from '../../content/tables/rules';

const LEVELS: readonly Option[] = [
  { value: 'phd', label: 'PhD' },
  { value: 'master', label: 'Master' },
  { value: 'bachelor', label: 'Bachelor' },
];

const STATUSES: readonly Option[] = [
  { value: 'current', label: 'Current' },
  { value: 'graduated', label: 'Graduated' },
];

const schema = z
  .object({
    name: requiredText('Name'),
    level: z.string(),
    status: z.string(),
    bio: z.string(),
    thesis_title: optionalLine('Thesis title'),
    start_year: optionalIntegerText('Start year', 1000, 9999),
    graduation_year: optionalIntegerText('Graduation year', 1000, 9999),
    current_position: optionalLine('Current position'),
    email: optionalEmail('Email'),
    linkedin_url: optionalHttpUrl('LinkedIn URL'),
    website_url: optionalHttpUrl('Website URL'),
    profile_image_url: optionalLine('Profile image URL'),
    // Anything that is not a whole number is stored as 0 (spec section 5), so no rule.
    sort_order: z.string(),
  })
  .refine(
    ({ start_year, graduation_year }) => {
      const start = optionalInteger(start_year) ?? currentYear();
      const graduation = optionalInteger(graduation_year);
      return graduation === null || graduation >= start;
    },
    { path: ['graduation_year'], message: 'Graduation year must not be before the start year' },
  );
type Values = z.infer<typeof schema>;

const emptyValues = (): Values => ({
  name: '',
  level: 'phd',
  status: 'current',
  bio: '',
  thesis_title: '',
  start_year: String(currentYear()),
  graduation_year: '',
  current_position: '',
  email: '',
  linkedin_url: '',
  website_url: '',
  profile_image_url: '',
  sort_order: '0',
});

const toValues = (student: Student): Values => ({
  name: student.name,
  level: student.level,
  status: student.status,
  bio: inputText(student.bio),
  thesis_title: inputText(student.thesis_title),
  start_year: inputText(student.start_year),
  graduation_year: inputText(student.graduation_year),
  current_position: inputText(student.current_position),
  email: inputText(student.email),
  linkedin_url: inputText(student.linkedin_url),
  website_url: inputText(student.website_url),
  profile_image_url: inputText(student.profile_image_url),
  sort_order: inputText(student.sort_order),
});

const toInput = (values: Values): StudentInput => ({
  name: values.name.trim(),
  level: values.level,
  status: values.status,
  bio: optionalText(values.bio),
  thesis_title: optionalText(values.thesis_title),
  start_year: optionalInteger(values.start_year),
  graduation_year: optionalInteger(values.graduation_year),
  current_position: optionalText(values.current_position),
  email: optionalText(values.email),
  linkedin_url: optionalText(values.linkedin_url),
  website_url: optionalText(values.website_url),
  profile_image_url: optionalText(values.profile_image_url),
  sort_order: parseInteger(values.sort_order, 0),
});

const Field = fieldsFor<Values>();

function StudentForm(props: ContentFormProps<Student>) {
  return (
    <ContentDialogForm kind={KINDS.students} schema={schema} emptyValues={emptyValues} toValues={toValues} toInput={toInput} {...props}>
      {() => (
        <>
          <Field.Text name="name" label="Name" required autoComplete="off" className="sm:col-span-2" />
          <Field.Select name="level" label="Level" options={LEVELS} />
          <Field.Select name="status" label="Status" options={STATUSES} />
          <Field.Text name="start_year" label="Start Year" inputMode="numeric" />
          <Field.Text name="graduation_year" label="Graduation Year" inputMode="numeric" hint="Leave empty while studying." />
          <Field.Text name="thesis_title" label="Thesis Title" className="sm:col-span-2" />
          <Field.TextArea name="bio" label="Bio" className="sm:col-span-2" />
          <Field.Text name="current_position" label="Current Position" className="sm:col-span-2" />
          <Field.Text name="email" label="Email" type="email" inputMode="email" autoComplete="off" />
          <Field.Text name="linkedin_url" label="LinkedIn URL" type="url" inputMode="url" />
          <Field.Text name="website_url" label="Website URL" type="url" inputMode="url" />
          <Field.Text name="profile_image_url" label="Profile Image URL" inputMode="url" />
          <Field.Text name="sort_order" label="Sort Order" inputMode="numeric" hint="Lower numbers come first." />
        </>
      )}
    </ContentDialogForm>
  );
}

const columns: readonly Column<Student>[] = [
  { header: 'Name', cell: (student) => <span className="font-medium">{student.name}</span> },
  { header: 'Level', cell: (student) => <Badge variant="secondary">{student.level.toUpperCase()}</Badge> },
  {
    header: 'Status',
    cell: (student) => <StatusBadge label={optionLabel(STATUSES, student.status)} live={student.status === 'current'} />,
  },
  { header: 'Start Year', cell: (student) => student.start_year },
  { header: 'Graduation Year', cell: (student) => student.graduation_year ?? '-' },
];

export function StudentsPage() {
  return (
    <ContentTableScreen<Student>
      kind={KINDS.students}
      title="Students"
      description="The students you supervise, current and graduated."
      addLabel="Add Student"
      dialogTitles={{ add: 'Add New Student', edit: 'Edit Student' }}
      loadingText="Loading students..."
      emptyText="No students found. Add your first student to get started."
      columns={columns}
      rowName={(student) => student.name}
      renderForm={(props) => <StudentForm {...props} />}
    />
  );
}
