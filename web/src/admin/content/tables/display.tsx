/** How the table screens show values: badges, tag colours and dates. */
import { Star } from '../../../components/icons';
import type { CSSProperties } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { parseIsoDate } from '../../../lib/format';
import { HEX_COLOR } from './rules';

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

const WHITE = '#ffffff';
const BLACK = '#000000';

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * White or black text, whichever reads better on `background` (a tag's
 * own colour), so any colour the owner picks stays legible (WCAG contrast).
 */
export function readableTextColor(background: string): string {
  if (!HEX_COLOR.test(background)) return BLACK;
  return contrast(background, WHITE) >= contrast(background, BLACK) ? WHITE : BLACK;
}

/** The colour to paint with: the value if it is '#rrggbb', otherwise `fallback`. */
export function paintableColor(value: string, fallback: string): string {
  const trimmed = value.trim();
  return HEX_COLOR.test(trimmed) ? trimmed.toLowerCase() : fallback;
}

/** A tag as the site shows it: its name on its colour. */
export function TagBadge({ name, color, className }: { name: string; color: string; className?: string }) {
  const style: CSSProperties = { backgroundColor: color, color: readableTextColor(color) };
  return (
    <Badge className={cn('max-w-full border-transparent', className)} style={style}>
      <span className="truncate">{name}</span>
    </Badge>
  );
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
