import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';

/** Fails each test of the calling file that makes React (or anything else) log an error or a
 *  warning: a hydration mismatch or a missing key is a bug even when the markup looks right. */
export function failOnConsoleNoise(): void {
  let consoleError: MockInstance;
  let consoleWarn: MockInstance;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error');
    consoleWarn = vi.spyOn(console, 'warn');
  });
  afterEach(() => {
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });
}
