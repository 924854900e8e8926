/**
 * Formatting for the admin only. The admin runs in the browser alone (it is
 * never rendered by QuickJS), so it may use `Intl`; public pages use
 * src/lib/format.ts instead.
 */

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** '2025-01-05T14:04:00Z' → 'Jan 5, 2025, 3:04 PM' (in the viewer's time zone). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE_TIME.format(date);
}
