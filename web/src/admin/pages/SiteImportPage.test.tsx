import { describe, expect, it } from 'vitest';
import type { SiteItemReport, SiteKindCounts } from '../../api/types';
import { countsText, outcomeLabel, outcomeReason } from './SiteImportPage';

const kind = (counts: Partial<SiteKindCounts['counts']>): SiteKindCounts => ({
  kind: 'news',
  heading: 'News',
  counts: { created: 0, updated: 0, unchanged: 0, duplicates: 0, conflicts: 0, skipped: 0, errors: 0, ...counts },
});

const item = (outcome: Partial<SiteItemReport>): SiteItemReport =>
  ({ kind: 'news', source: '_news/a.md', title: 'A', date: '2024-01-01', outcome: 'created', ...outcome }) as SiteItemReport;

describe('site import page', () => {
  it("says a kind's numbers in words, leaving out the zeros", () => {
    expect(countsText(kind({ created: 5, duplicates: 1, skipped: 2 }), true)).toBe('5 new, 1 duplicate, 2 skipped');
    expect(countsText(kind({ created: 1, updated: 2, errors: 1 }), false)).toBe('1 created, 2 updated, 1 error');
    expect(countsText(kind({ unchanged: 3, conflicts: 2 }), false)).toBe('3 unchanged, 2 conflicts');
    expect(countsText(kind({}), true)).toBe('nothing');
  });

  it('names an outcome as the preview or as the result', () => {
    expect(outcomeLabel('created', true)).toBe('New');
    expect(outcomeLabel('created', false)).toBe('Created');
    expect(outcomeLabel('updated', true)).toBe('To update');
  });

  it('gives the reason of what is not imported as it is', () => {
    expect(outcomeReason(item({ outcome: 'created' }))).toBeNull();
    expect(outcomeReason(item({ outcome: 'skipped', reason: 'draft' }))).toBe('draft');
    expect(outcomeReason(item({ outcome: 'duplicate', reason: 'the news item "A" (2024-01-01)' }))).toBe(
      'The same as the news item "A" (2024-01-01)',
    );
    expect(outcomeReason(item({ outcome: 'error', reason: 'line 3: invalid YAML' }))).toBe('line 3: invalid YAML');
  });
});
