import { describe, expect, it } from 'vitest';
import { isDeadlineSoon, SOON_THRESHOLD_DAYS } from './deadline';

const TODAY = '2025-03-01';

describe("the open calls' 'Soon' marker", () => {
  it('uses the 30-day threshold of the spec', () => {
    expect(SOON_THRESHOLD_DAYS).toBe(30);
  });

  it.each([
    ['2025-03-01', true], // today
    ['2025-03-11', true], // 10 days ahead
    ['2025-03-31', true], // exactly 30 days ahead
    ['2025-04-01', false], // 31 days ahead
    ['2025-04-30', false], // 60 days ahead
    ['2025-02-28', true], // yesterday: past deadlines count as soon
    ['2024-01-01', true], // long past
  ])('a deadline on %j is soon: %j', (deadline, soon) => {
    expect(isDeadlineSoon(deadline, TODAY)).toBe(soon);
  });

  it('counts calendar days across month ends and leap days', () => {
    expect(isDeadlineSoon('2024-03-30', '2024-02-29')).toBe(true); // 30 days
    expect(isDeadlineSoon('2024-03-31', '2024-02-29')).toBe(false); // 31 days
    expect(isDeadlineSoon('2026-01-30', '2025-12-31')).toBe(true);
    expect(isDeadlineSoon('2026-01-31', '2025-12-31')).toBe(false);
  });

  it('accepts timestamps and ignores their time of day', () => {
    expect(isDeadlineSoon('2025-03-31T23:59:59Z', TODAY)).toBe(true);
  });

  it('is never shown without a valid deadline', () => {
    expect(isDeadlineSoon(null, TODAY)).toBe(false);
    expect(isDeadlineSoon(undefined, TODAY)).toBe(false);
    expect(isDeadlineSoon('', TODAY)).toBe(false);
    expect(isDeadlineSoon('next week', TODAY)).toBe(false);
  });

  it('depends on the given today only', () => {
    expect(isDeadlineSoon('2025-06-01', '2025-05-15')).toBe(true);
    expect(isDeadlineSoon('2025-06-01', '2025-01-15')).toBe(false);
  });
});
