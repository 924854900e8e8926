import { describe, expect, it } from 'vitest';
import vectors from '../api/rule-vectors.json';
import { TOO_SHORT_MESSAGE, newPasswordRule, splitReasons } from './passwords';

describe('splitReasons', () => {
  it("splits the server's joined weak-password reasons, one per line", () => {
    expect(splitReasons('Password must be at least 10 characters long Password must not contain the e-mail address')).toEqual([
      'Password must be at least 10 characters long',
      'Password must not contain the e-mail address',
    ]);
  });

  it('keeps any other message whole', () => {
    expect(splitReasons('The passwords do not match')).toEqual(['The passwords do not match']);
    expect(splitReasons(undefined)).toEqual([]);
    expect(splitReasons('')).toEqual([]);
  });
});

describe('newPasswordRule', () => {
  it('counts characters as the server does, so nine emoji are too short and ten accented letters are enough', () => {
    for (const { password, reasons } of vectors.password) {
      const tooShort = reasons.includes(TOO_SHORT_MESSAGE);
      expect(newPasswordRule.safeParse(password).success, password).toBe(!tooShort);
    }
  });
});
