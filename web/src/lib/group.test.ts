import { describe, expect, it } from 'vitest';
import { groupRuns } from './group';

describe('groupRuns', () => {
  it('groups neighbours with the same key, keeping the order', () => {
    expect(groupRuns([2025, 2025, 2024, 2022, 2022], (year) => year)).toEqual([
      [2025, [2025, 2025]],
      [2024, [2024]],
      [2022, [2022, 2022]],
    ]);
  });

  it('returns no groups for no items', () => {
    expect(groupRuns([], (x) => x)).toEqual([]);
  });
});
