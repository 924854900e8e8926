import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CitationsChart } from './CitationsCard';

describe('the citations chart', () => {
  it('draws one bar per year, as tall as its count, each labelled, and says it all to a screen reader', () => {
    const html = renderToStaticMarkup(
      <CitationsChart
        years={[
          { year: 2024, count: 17 },
          { year: 2025, count: 6 },
          { year: 2026, count: 0 },
        ]}
      />,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Citations per year: 2024: 17, 2025: 6, 2026: 0"');
    const heights = [...html.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(3);
    // The tallest bar fills the drawing's height between its margins (180 - 16 - 24).
    expect(heights[0]).toBeCloseTo(140);
    expect(heights[1]).toBeCloseTo((140 * 6) / 17);
    expect(heights[2]).toBe(0);
    for (const label of ['>2024<', '>2025<', '>2026<', '>17<', '>6<']) expect(html).toContain(label);
  });
});
