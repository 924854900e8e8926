import { describe, expect, it } from 'vitest';
import { recoveryCodesLeftMessage } from './LoginPage';

describe('recoveryCodesLeftMessage', () => {
  it('says how many recovery codes are left, and to make new ones when few are', () => {
    expect(recoveryCodesLeftMessage(9)).toBe('Recovery code accepted: 9 recovery codes left.');
    expect(recoveryCodesLeftMessage(3)).toBe('Recovery code accepted: 3 recovery codes left. Make a new set on the Account page.');
    expect(recoveryCodesLeftMessage(1)).toBe('Recovery code accepted: 1 recovery code left. Make a new set on the Account page.');
    expect(recoveryCodesLeftMessage(0)).toBe('Recovery code accepted: 0 recovery codes left. Make a new set on the Account page.');
  });
});
