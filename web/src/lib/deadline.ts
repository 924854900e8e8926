/**
 * The open calls' 'Soon' marker (spec §4, §9): shown when the deadline is 30
 * days or fewer away, deadlines already past included. `today` is the server's
 * date sent with the page (`site.today`), never the browser clock, so the
 * server render and the hydrated page agree.
 */
import { daysBetween } from './format';

export const SOON_THRESHOLD_DAYS = 30;

export function isDeadlineSoon(deadline: string | null | undefined, today: string): boolean {
  if (!deadline) return false;
  const days = daysBetween(today, deadline);
  return days !== null && days <= SOON_THRESHOLD_DAYS;
}
