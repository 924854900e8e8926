/**
 * What the CV sections (issue 28) share: their years (CV_YEARS; an empty end
 * year means "present"), the Status select without Featured, the sort order,
 * and how a span of years reads in a table.
 */
import { CV_YEARS } from '../../../api/rules';
import type { ContentStatus } from '../../../api/types';
import { CONTENT_STATUS_OPTIONS, SortOrderField } from './common-fields';
import { fieldsFor } from './fields';
import { integerText } from './rules';

/** A required year of a CV section. */
export const cvYear = (label: string) => integerText(label, CV_YEARS, { required: true });
/** An end year: blank is "present". */
export const cvEndYear = (label: string) => integerText(label, CV_YEARS);

/** '2019–2023', '2019–present', or one year when both are the same. */
export function yearSpan(start: number, end: number | null): string {
  if (end === null) return `${start}–present`;
  return end === start ? String(start) : `${start}–${end}`;
}

const Ordered = fieldsFor<{ status: ContentStatus; sort_order: string }>();

/** The sort order and the Status select (a CV section has no Featured flag). */
export function CvOrderFields() {
  return (
    <>
      <SortOrderField />
      <Ordered.Select name="status" label="Status" options={CONTENT_STATUS_OPTIONS} hint="Drafts are never shown on the CV." />
    </>
  );
}
