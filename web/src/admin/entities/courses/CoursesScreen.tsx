/** /admin/courses: the courses taught, as a table with an add/edit dialog (spec sections 2, 3, 5). */
import type { Course, CourseInput } from '../../../api/types';
import { EntityScreen, featuredTitleColumn, optionsOf, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS, PublishFields, TitleSlugFields } from '../kit/common-fields';
import { courseForm, courseKind, ROLE_LABELS, TERM_LABELS, type CourseValues } from './schema';

const form: EntityFormSpec<Course, CourseValues, CourseInput> = {
  ...courseForm,
  translation: 'course',
  fields: ({ form, Field }) => (
    <>
      <Field.Text name="code" label="Code" required placeholder="e.g. CS101" autoComplete="off" />
      <Field.Text name="year" label="Year" inputMode="numeric" />
      <TitleSlugFields form={form} rule="always" hint="Made from the title as you type; you can change it." wide />
      <Field.Select name="term" label="Term" options={optionsOf(TERM_LABELS)} />
      <Field.Select name="role" label="Role" options={optionsOf(ROLE_LABELS)} />
      <Field.TextArea name="description" label="Description" wide />
      <Field.Text name="credits" label="Credits" inputMode="decimal" />
      <Field.Text name="students_count" label="Students Count" inputMode="numeric" />
      <Field.Text name="course_url" label="Course URL" type="url" inputMode="url" />
      <Field.Text name="syllabus_url" label="Syllabus URL" type="url" inputMode="url" />
      <PublishFields />
    </>
  ),
};

const TEXTS = { title: 'Courses', itemName: 'Course', description: 'The courses you teach, shown on the Teaching page when published.' };

const columns: readonly Column<Course>[] = [
  { header: 'Code', cell: (course) => <span className="font-medium whitespace-nowrap">{course.code}</span> },
  featuredTitleColumn(),
  { header: 'Year', cell: (course) => course.year },
  { header: 'Term', cell: (course) => TERM_LABELS[course.term] },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (course: Course) => `${course.code} ${course.title}`;

export default function CoursesScreen() {
  return (
    <EntityScreen
      sentences="teaching"
      tools={{ publishable: true, year: true, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={courseKind}
      texts={TEXTS}
      namedSubmit
      list={{ layout: 'table', columns, rowName }}
      form={form}
    />
  );
}
