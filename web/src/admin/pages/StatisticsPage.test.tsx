import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DaysChart, daysCsv, scholarShare, spanOf } from './StatisticsPage';

describe('statistics page', () => {
  it('spans end today and count both ends', () => {
    expect(spanOf(30, new Date('2026-12-31T10:00:00Z'))).toEqual({ from: '2026-12-02', to: '2026-12-31' });
    expect(spanOf(1, new Date('2026-12-31T23:59:00Z'))).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('writes the days as CSV', () => {
    const days = [
      { date: '2026-12-01', visitors: 3, views: 10, downloads: 1 },
      { date: '2026-12-02', visitors: 0, views: 0, downloads: 0 },
    ];
    expect(daysCsv(days)).toBe('date,visitors,views,downloads\n2026-12-01,3,10,1\n2026-12-02,0,0,0\n');
  });

  it("tells Google Scholar's share of the arriving visitors", () => {
    expect(scholarShare({ sources: [] })).toBeNull();
    expect(
      scholarShare({
        sources: [
          { source: 'Google Scholar', visitors: 3 },
          { source: 'arXiv', visitors: 1 },
        ],
      }),
    ).toBe(75);
  });

  it('draws a bar a day and says the totals', () => {
    const days = [
      { date: '2026-12-01', visitors: 3, views: 10, downloads: 1 },
      { date: '2026-12-02', visitors: 1, views: 4, downloads: 0 },
    ];
    const svg = renderToStaticMarkup(<DaysChart days={days} />);
    expect(svg).toContain('aria-label="2 days: 14 views and 4 daily visitors in all"');
    expect(svg.match(/<rect /g)).toHaveLength(2);
  });
});
