/** /admin/courses: the courses taught, as a table with an add/edit dialog (spec sections 2, 3, 5). */
import { z } from 'zod';
import type { Course, CourseInput } from '../../../api/types';
import { currentYear, inputText, optionalInteger, optionalNumber, optionalText } from '../../content/form-values';
import { KINDS } from '../../content/kinds';
import { ContentDialogForm, slugDeriver, type ContentFormProps } from '../../content/tables/ContentDialogForm';
import { ContentTableScreen, type Column } from '../../content/tables/ContentTableScreen';
import { FeaturedBadge, StatusBadge } from '../../content/tables/display';
import { fieldsFor } from '../../content/tables/fields';
import {
  CONTENT_STATUS_OPTIONS,
  optionalHttpUrl,
  optionalIntegerText,
  optionalNumberText,
  optionLabel,
  requiredText,
  slugRule,
  type Option,
} from '../../content/tables/rules';

const TERMS: readonly Option[] = [
  { value: 'spring', label: 'Spring' },
  { value: 'summer', label: 'Summer' },
  { value: 'fall', label: 'Fall' },
  { value: 'winter', label: 'Winter' },
];

const ROLES: readonly Option[] = [
  { value: 'instructor', label: 'Instructor' },
  { value: 'co-instructor', label: 'Co-instructor' },
  { value: 'lecturer', label: 'Lecturer' },
  { value: 'teaching-assistant', label: 'Teaching assistant' },
];

const schema = z.object({
  code: requiredText('Code'),
  title: requiredText('Title'),
  slug: slugRule,
  year: optionalIntegerText('Year', 1000, 9999),
  term: z.string(),
  role: z.string(),
  description: z.string(),
  credits: optionalNumberText('Credits', 0, 1000),
  students_count: optionalIntegerText('Students count', 0, 1_000_000),
  course_url: optionalHttpUrl('Course URL'),
  syllabus_url: optionalHttpUrl('Syllabus URL'),
  status: z.string(),
  featured: z.boolean(),
});
type Values = z.infer<typeof schema>;

const emptyValues = (): Values => ({
  code: '',
  title: '',
  slug: '',
  year: String(currentYear()),
  term: 'fall',
  role: 'instructor',
  description: '',
  credits: '',
  students_count: '',
  course_url: '',
  syllabus_url: '',
  status: 'published',
  featured: false,
});

const toValues = (course: Course): Values => ({
  code: course.code,
  title: course.title,
  slug: course.slug,
  year: inputText(course.year),
  term: course.term,
  role: course.role,
  description: inputText(course.description),
  credits: inputText(course.credits),
  students_count: inputText(course.students_count),
  course_url: inputText(course.course_url),
  syllabus_url: inputText(course.syllabus_url),
  status: course.status,
  featured: course.featured,
});

const toInput = (values: Values): CourseInput => ({
  code: values.code.trim(),
  title: values.title.trim(),
  slug: optionalText(values.slug),
  year: optionalInteger(values.year),
  term: values.term,
  role: values.role,
  description: optionalText(values.description),
  credits: optionalNumber(values.credits),
  students_count: optionalInteger(values.students_count),
  course_url: optionalText(values.course_url),
  syllabus_url: optionalText(values.syllabus_url),
  status: values.status,
  featured: values.featured,
});

const Field = fieldsFor<Values>();

function CourseForm(props: ContentFormProps<Course>) {
  return (
    <ContentDialogForm kind={KINDS.courses} schema={schema} emptyValues={emptyValues} toValues={toValues} toInput={toInput} {...props}>
      {(form) => (
        <>
          <Field.Text name="code" label="Code" required placeholder="e.g. CS101" autoComplete="off" />
          <Field.Text name="year" label="Year" inputMode="numeric" />
          <Field.Text name="title" label="Title" required autoComplete="off" className="sm:col-span-2" onValueChange={slugDeriver(form)} />
          <Field.Text name="slug" label="Slug" hint="Made from the title as you type; you can change it." className="sm:col-span-2" />
          <Field.Select name="term" label="Term" options={TERMS} />
          <Field.Select name="role" label="Role" options={ROLES} />
          <Field.TextArea name="description" label="Description" className="sm:col-span-2" />
          <Field.Text name="credits" label="Credits" inputMode="decimal" />
          <Field.Text name="students_count" label="Students Count" inputMode="numeric" />
          <Field.Text name="course_url" label="Course URL" type="url" inputMode="url" />
          <Field.Text name="syllabus_url" label="Syllabus URL" type="url" inputMode="url" />
          <Field.Select name="status" label="Status" options={CONTENT_STATUS_OPTIONS} />
          <Field.Checkbox name="featured" label="Featured" className="self-end pb-2.5" />
        </>
      )}
    </ContentDialogForm>
  );
}

const columns: readonly Column<Course>[] = [
  { header: 'Code', cell: (course) => <span className="font-medium whitespace-nowrap">{course.code}</span> },
  {
    header: 'Title',
    cell: (course) => (
      <div className="flex min-w-48 flex-wrap items-center gap-2">
        <span>{course.title}</span>
        {course.featured ? <FeaturedBadge /> : null}
      </div>
    ),
  },
  { header: 'Year', cell: (course) => course.year },
  { header: 'Term', cell: (course) => optionLabel(TERMS, course.term) },
  {
    header: 'Status',
    cell: (course) => <StatusBadge label={optionLabel(CONTENT_STATUS_OPTIONS, course.status)} live={course.status === 'published'} />,
  },
];

export function CoursesPage() {
  return (
    <ContentTableScreen<Course>
      kind={KINDS.courses}
      title="Courses"
      description="The courses you teach, shown on the Teaching page when published."
      addLabel="Add Course"
      dialogTitles={{ add: 'Add New Course', edit: 'Edit Course' }}
      loadingText="Loading courses..."
      emptyText="No courses found. Add your first course to get started."
      columns={columns}
      rowName={(course) => `${course.code} ${course.title}`}
      renderForm={(props) => <CourseForm {...props} />}
    />
  );
}
