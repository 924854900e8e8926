import { describe, expect, it } from 'vitest';
import { splitReasons } from './passwords';

describe('splitReasons', () => {
  it("splits the server's joined weak-password reasons, one per line", () => {
    expect(
      splitReasons('Password must be at least 10 characters long Password must not contain the e-mail address'),
    ).toEqual(['Password must be at least 10 characters long', 'Password must not contain the e-mail address']);
  });

  it('keeps any other message whole', () => {
    expect(splitReasons('The passwords do not match')).toEqual(['The passwords do not match']);
    expect(splitReasons(undefined)).toEqual([]);
    expect(splitReasons('')).toEqual([]);
  });
});
