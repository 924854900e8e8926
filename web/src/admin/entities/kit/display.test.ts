import { describe, expect, it } from 'vitest';
import { formatLocalDate, paintableColor } from './display';

describe('colours', () => {
  it('paints half-typed colours with the fall-back', () => {
    expect(paintableColor(' #EF4444 ', '#3b82f6')).toBe('#ef4444');
    expect(paintableColor('#ef44', '#3b82f6')).toBe('#3b82f6');
    expect(paintableColor('', '#3b82f6')).toBe('#3b82f6');
  });
});

describe('calendar dates', () => {
  it('shows the calendar date in the en-US local format, whatever the time zone', () => {
    expect(formatLocalDate('2025-01-05')).toBe('1/5/2025');
    expect(formatLocalDate('2024-12-31')).toBe('12/31/2024');
    expect(formatLocalDate('soon')).toBe('soon');
  });
});
