/** How the screens show values: badges, colours and dates. */
import { Star } from '../../../components/icons';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { parseIsoDate } from '../../../lib/format';
import type { Column } from './columns';
import { isHexColor } from './rules';

export function FeaturedBadge() {
  return (
    <Badge variant="secondary">
      <Star aria-hidden="true" className="size-3" />
      Featured
    </Badge>
  );
}

/** A status as a badge: the 'live' value (published, current) filled, the other outlined. */
export function StatusBadge({ label, live }: { label: string; live: boolean }) {
  const variant: BadgeVariant = live ? 'default' : 'outline';
  return <Badge variant={variant}>{label}</Badge>;
}

/** The colour to paint with: the value if it is '#rrggbb', otherwise `fallback`. */
export function paintableColor(value: string, fallback: string): string {
  return isHexColor(value) ? value.trim().toLowerCase() : fallback;
}

const LOCAL_DATE = new Intl.DateTimeFormat('en-US');

/**
 * A calendar date ('2025-01-05') in the en-US local format ('1/5/2025'). It is
 * built from its parts, so no time zone can move it to the day before.
 */
export function formatLocalDate(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return LOCAL_DATE.format(new Date(date.year, date.month - 1, date.day));
}

/** The Title column of a table: the title with the Featured badge. */
export function featuredTitleColumn<T extends { title: string; featured: boolean }>(): Column<T> {
  return {
    header: 'Title',
    cell: (row) => (
      <div className="flex min-w-48 flex-wrap items-center gap-2">
        <span className="font-medium">{row.title}</span>
        {row.featured ? <FeaturedBadge /> : null}
      </div>
    ),
  };
}

/** The Status column of a table: the status's label as a badge, filled for the `live` one. */
export function statusColumn<S extends string, T extends { status: S }>(labels: Record<S, string>, live: NoInfer<S>): Column<T> {
  return { header: 'Status', cell: (row) => <StatusBadge label={labels[row.status]} live={row.status === live} /> };
}
