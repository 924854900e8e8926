import { describe, expect, it } from 'vitest';
import { formatLocalDate, paintableColor, readableTextColor } from './display';
import { TAG_COLOR_PRESETS } from './TagColorField';

/** WCAG contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((offset) => {
      const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('tag colours', () => {
  it('picks white text on dark colours and black text on light ones', () => {
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#1e3a8a')).toBe('#ffffff');
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#f59e0b')).toBe('#000000');
    expect(readableTextColor('not a colour')).toBe('#000000');
  });

  it('keeps every preset badge readable (WCAG AA for small text)', () => {
    for (const preset of TAG_COLOR_PRESETS) {
      expect(contrast(preset.value, readableTextColor(preset.value)), preset.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('paints half-typed colours with the fall-back', () => {
    expect(paintableColor(' #EF4444 ', '#3b82f6')).toBe('#ef4444');
    expect(paintableColor('#ef44', '#3b82f6')).toBe('#3b82f6');
    expect(paintableColor('', '#3b82f6')).toBe('#3b82f6');
  });
});

describe('talk dates', () => {
  it('shows the calendar date in the en-US local format, whatever the time zone', () => {
    expect(formatLocalDate('2025-01-05')).toBe('1/5/2025');
    expect(formatLocalDate('2024-12-31')).toBe('12/31/2024');
    expect(formatLocalDate('soon')).toBe('soon');
  });
});
