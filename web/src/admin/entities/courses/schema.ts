/** Courses (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import {
  CONTENT_STATUSES,
  COURSE_ROLES,
  COURSE_TERMS,
  CREDITS,
  DEFAULT_CONTENT_STATUS,
  DEFAULT_COURSE_ROLE,
  DEFAULT_COURSE_TERM,
  STUDENTS_COUNT,
} from '../../../api/rules';
import type { CourseInput, CourseRole, CourseTerm } from '../../../api/types';
import {
  blankValues,
  currentYear,
  entityKind,
  integerText,
  longText,
  numberText,
  oneOf,
  optionalInteger,
  optionalNumber,
  optionalText,
  optionalUrl,
  requiredText,
  slugRule,
  yearText,
} from '../kit';

export const courseKind = entityKind({ path: 'courses', label: 'Course', noun: 'course', deleteFallback: 'Failed to delete course' });

export const TERM_LABELS: Record<CourseTerm, string> = { spring: 'Spring', summer: 'Summer', fall: 'Fall', winter: 'Winter' };
export const ROLE_LABELS: Record<CourseRole, string> = {
  instructor: 'Instructor',
  'co-instructor': 'Co-instructor',
  lecturer: 'Lecturer',
  'teaching-assistant': 'Teaching assistant',
};

export const courseSchema = z.object({
  code: requiredText('Code'),
  title: requiredText('Title'),
  slug: slugRule,
  year: yearText('Year'),
  term: oneOf(COURSE_TERMS),
  role: oneOf(COURSE_ROLES),
  description: longText('Description'),
  credits: numberText('Credits', CREDITS),
  students_count: integerText('Students count', STUDENTS_COUNT),
  course_url: optionalUrl('Course URL'),
  syllabus_url: optionalUrl('Syllabus URL'),
  status: oneOf(CONTENT_STATUSES),
  featured: z.boolean(),
});
export type CourseValues = z.infer<typeof courseSchema>;

/** A new course: this year, fall, taught as the instructor, published. */
export function courseDefaults(): CourseValues {
  return blankValues(courseSchema, {
    year: String(currentYear()),
    term: DEFAULT_COURSE_TERM,
    role: DEFAULT_COURSE_ROLE,
    status: DEFAULT_CONTENT_STATUS,
  });
}

export function courseInput(values: CourseValues): CourseInput {
  return {
    code: values.code,
    title: values.title,
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
  };
}

/** The form's rules, defaults and request, for the screen. */
export const courseForm = { schema: courseSchema, defaults: courseDefaults, toInput: courseInput };
