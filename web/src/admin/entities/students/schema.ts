/** Students (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import { DEFAULT_STUDENT_LEVEL, DEFAULT_STUDENT_STATUS, STUDENT_LEVELS, STUDENT_STATUSES } from '../../../api/rules';
import type { StudentInput, StudentLevel, StudentStatus } from '../../../api/types';
import {
  blankValues,
  currentYear,
  entityKind,
  longText,
  oneOf,
  optionalEmail,
  optionalInteger,
  optionalLine,
  optionalLink,
  optionalText,
  optionalUrl,
  optionsOf,
  parseInteger,
  requiredText,
  yearText,
} from '../kit';

export const studentKind = entityKind({ path: 'students', label: 'Student', noun: 'student', deleteFallback: 'Failed to delete student' });

export const LEVEL_LABELS: Record<StudentLevel, string> = { phd: 'PhD', master: 'Master', bachelor: 'Bachelor' };
export const STATUS_LABELS: Record<StudentStatus, string> = { current: 'Current', graduated: 'Graduated' };
export const LEVEL_OPTIONS = optionsOf(LEVEL_LABELS);
export const STATUS_OPTIONS = optionsOf(STATUS_LABELS);

export const studentSchema = z
  .object({
    name: requiredText('Name'),
    level: oneOf(STUDENT_LEVELS),
    status: oneOf(STUDENT_STATUSES),
    bio: longText('Bio'),
    thesis_title: optionalLine('Thesis title'),
    start_year: yearText('Start year'),
    graduation_year: yearText('Graduation year'),
    current_position: optionalLine('Current position'),
    email: optionalEmail('Email'),
    linkedin_url: optionalUrl('LinkedIn URL'),
    website_url: optionalUrl('Website URL'),
    profile_image_url: optionalLink('Profile image URL'),
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
export type StudentValues = z.infer<typeof studentSchema>;

/** A new student: a PhD student, current, started this year. */
export function studentDefaults(): StudentValues {
  return blankValues(studentSchema, {
    level: DEFAULT_STUDENT_LEVEL,
    status: DEFAULT_STUDENT_STATUS,
    start_year: String(currentYear()),
    sort_order: '0',
  });
}

export function studentInput(values: StudentValues): StudentInput {
  return {
    name: values.name,
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
  };
}

/** The form's rules, defaults and request, for the screen. */
export const studentForm = { schema: studentSchema, defaults: studentDefaults, toInput: studentInput };
