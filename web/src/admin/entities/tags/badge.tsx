/** A tag as the site shows it: its name on its colour, with text that stays readable. */
import type { CSSProperties } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { isHexColor } from '../kit';

const WHITE = '#ffffff';
const BLACK = '#000000';

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two '#rrggbb' colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * White or black text, whichever reads better on `background` (a tag's
 * own colour), so any colour the owner picks stays legible (WCAG contrast).
 */
export function readableTextColor(background: string): string {
  if (!isHexColor(background)) return BLACK;
  return contrast(background, WHITE) >= contrast(background, BLACK) ? WHITE : BLACK;
}

export function TagBadge({ name, color, className }: { name: string; color: string; className?: string }) {
  const style: CSSProperties = { backgroundColor: color, color: readableTextColor(color) };
  return (
    <Badge className={cn('max-w-full border-transparent', className)} style={style}>
      <span className="truncate">{name}</span>
    </Badge>
  );
}
