/**
 * What the CV sections (issue 28) share: their years (CV_YEARS; an empty end
 * year means "present"), the Status select without Featured and the sort
 * order. A span of years reads as `yearSpan` (lib/years) here and on /cv.
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
