import { describe, expect, it } from 'vitest';
import { contrast, readableTextColor } from './badge';
import { TAG_COLOR_PRESETS } from './TagColorField';

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
});
