/**
 * What the CV sections (issue 28) share: their years (CV_YEARS; an empty end
 * year means "present"), the sort order and the Status select without
 * Featured, a new row's defaults, and the screen: a table whose columns end
 * with Order and Status, with an add/edit dialog whose fields end with the
 * sort order and Status. A span of years reads as `yearSpan` (lib/years) here,
 * as /cv writes it. A section's folder declares only what is its own:
 *
 *   // schema.ts: its own rules, a new row's preset and the rest of its request
 *   const awardRules = { name: requiredText('Name'), year: cvYear('Year') };
 *   export type CvAwardValues = CvValues<typeof awardRules>;
 *   function awardInput(values: CvAwardValues): CvOwnInput<CvAwardInput> { return { name: values.name, year: … }; }
 *   export const awardForm = cvForm(awardRules, { year: thisYear() }, awardInput);
 *   // CvAwardsScreen.tsx: its fields and columns (Order and Status follow)
 *   <CvScreen kind={awardKind} texts={TEXTS} form={{ ...awardForm, fields }} columns={columns} rowName={(item) => item.name} />
 */
import { z } from 'zod';
import { CONTENT_STATUSES, CV_YEARS, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { ContentStatus } from '../../../api/types';
import { yearSpan } from '../../../lib/years';
import type { EntityKind } from './api';
import { CONTENT_STATUS_LABELS, CONTENT_STATUS_OPTIONS, SortOrderField } from './common-fields';
import type { Column } from './columns';
import { statusColumn } from './display';
import type { EntityFormSpec } from './EntityForm';
import { EntityScreen, type ScreenTexts } from './EntityScreen';
import { fieldsFor } from './fields';
import { integerText, oneOf } from './rules';
import { blankValues, currentYear, optionalInteger, parseInteger, type RowOf } from './values';

/** A required year of a CV section. */
export const cvYear = (label: string) => integerText(label, CV_YEARS, { required: true });
/** An end year: blank is "present". */
export const cvEndYear = (label: string) => integerText(label, CV_YEARS);

/** The rules of a span of years: the start year, and an end year left blank for "present". */
export const cvYearSpanRules = { start_year: cvYear('Start year'), end_year: cvEndYear('End year') };

/** The rules every CV section's form ends with (cvForm adds them): its place in the order and its status. */
const cvOrderRules = { sort_order: z.string(), status: oneOf(CONTENT_STATUSES) };

type OrderValues = { sort_order: string; status: ContentStatus };
type YearSpanValues = { start_year: string; end_year: string };

/** This year as a form value: a new row's year. */
export const thisYear = () => String(currentYear());

/** The request's span of years: a blank end year is sent as null ("present"). */
export function cvYearSpanInput(values: YearSpanValues): { start_year: number; end_year: number | null } {
  return { start_year: parseInteger(values.start_year, 0), end_year: optionalInteger(values.end_year) };
}

/** A CV section's form values: its own rules' values, then the sort order and status. */
export type CvValues<Rules extends z.ZodRawShape> = z.infer<z.ZodObject<Rules & typeof cvOrderRules>>;

/** What a CV section's request has besides its place in the order and its status (cvForm adds those). */
export type CvOwnInput<Input> = Omit<Input, 'sort_order' | 'status'>;

/**
 * A CV section's form, for its screen: the section's own `rules`, then the
 * sort order and status; a new row is blank, published and first in the
 * order, then `preset` (this year, …); the request is `ownInput`'s, then the
 * sort order (0 when not a whole number) and the status.
 */
export function cvForm<Rules extends z.ZodRawShape, Own>(
  rules: Rules,
  preset: Partial<CvValues<Rules>>,
  ownInput: (values: CvValues<Rules>) => Own,
) {
  type Values = CvValues<Rules>;
  // The rules are text and enums: a row's values come out of the schema as they go in.
  const schema = z.object({ ...rules, ...cvOrderRules }) as unknown as z.ZodObject & z.ZodType<Values, Values>;
  return {
    schema,
    defaults: (): Values => blankValues(schema, { sort_order: '0', status: DEFAULT_CONTENT_STATUS, ...preset } as Partial<Values>),
    toInput: (values: Values) => {
      const { sort_order, status } = values as OrderValues;
      return { ...ownInput(values), sort_order: parseInteger(sort_order, 0), status };
    },
  };
}

const Years = fieldsFor<{ year: string } & YearSpanValues>();

/** The one year of a section (an award's, a degree's). */
export function CvYearField() {
  return <Years.Text name="year" label="Year" required inputMode="numeric" />;
}

/** The start and end years of a section (an appointment's, a grant's). */
export function CvYearSpanFields() {
  return (
    <>
      <Years.Text name="start_year" label="Start year" required inputMode="numeric" />
      <Years.Text name="end_year" label="End year" inputMode="numeric" hint="Leave empty for present." />
    </>
  );
}

const Ordered = fieldsFor<OrderValues>();

/** The sort order and the Status select (a CV section has no Featured flag). */
export function CvOrderFields() {
  return (
    <>
      <SortOrderField />
      <Ordered.Select name="status" label="Status" options={CONTENT_STATUS_OPTIONS} hint="Drafts are never shown on the CV." />
    </>
  );
}

/** A table's first column: what names the row, in bold. */
export function nameColumn<T>(header: string, name: (row: T) => string): Column<T> {
  return { header, cell: (row) => <span className="font-medium">{name(row)}</span> };
}

/** The Years column: the span of years, on one line. */
export function yearsColumn<T extends { start_year: number; end_year: number | null }>(): Column<T> {
  return { header: 'Years', cell: (row) => <span className="whitespace-nowrap">{yearSpan(row.start_year, row.end_year)}</span> };
}

type CvRow = { id: string; sort_order: number; status: ContentStatus };

/**
 * A CV section's screen: a table of `columns`, then Order and Status, each
 * row named by `rowName` in its buttons ('Edit …', 'Delete …'); the add/edit
 * dialog shows `form`'s fields, then the sort order and Status. One row is
 * called by the kind's label ('Add Award', 'Create Award').
 */
export function CvScreen<T extends CvRow & RowOf<V>, V extends OrderValues, Input>({
  kind,
  texts,
  form,
  columns,
  rowName,
}: {
  kind: EntityKind;
  /** The page's heading and the line under it. */
  texts: Omit<ScreenTexts, 'itemName'>;
  form: EntityFormSpec<T, V, Input>;
  columns: readonly Column<T>[];
  rowName: (row: T) => string;
}) {
  const allColumns: readonly Column<T>[] = [
    ...columns,
    { header: 'Order', cell: (row: T) => row.sort_order },
    statusColumn(CONTENT_STATUS_LABELS, 'published'),
  ];
  const withOrder: EntityFormSpec<T, V, Input> = {
    ...form,
    fields: (args) => (
      <>
        {form.fields(args)}
        <CvOrderFields />
      </>
    ),
  };
  return (
    <EntityScreen
      kind={kind}
      tools={{ publishable: true }}
      texts={{ ...texts, itemName: kind.label }}
      namedSubmit
      list={{ layout: 'table', columns: allColumns, rowName }}
      form={withOrder}
    />
  );
}
