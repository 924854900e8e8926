/** Password rules shared by the setup and account forms (the server's are in src/auth/password.rs). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../api/rules';

/** The server's minimum length; it also refuses other weak passwords and says why. */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

export const TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

/** A new password's length as the server counts it: in characters (code points), not UTF-16 units. */
export const newPasswordRule = z.string().refine((value) => [...value].length >= MIN_PASSWORD_LENGTH, TOO_SHORT_MESSAGE);

/**
 * The fields of a form that sets a new password (`shape`), with the check
 * that `confirmation` repeats `password` ('The passwords do not match', under
 * the confirmation).
 */
export function withConfirmedPassword<S extends z.ZodRawShape>(password: keyof S & string, confirmation: keyof S & string, shape: S) {
  return z.object(shape).refine((values: Record<string, unknown>) => values[password] === values[confirmation], {
    path: [confirmation],
    message: 'The passwords do not match',
  });
}

/**
 * The reasons the server refuses a new password (`weaknesses` in
 * src/auth/password.rs), in its order and words. Lengths count code points,
 * as the server does.
 */
export function passwordWeaknesses(password: string, email: string): string[] {
  const reasons: string[] = [];
  const characters = [...password];
  if (characters.length < PASSWORD_MIN_LENGTH) reasons.push(TOO_SHORT_MESSAGE);
  if (characters.length > PASSWORD_MAX_LENGTH) reasons.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  if (characters.length >= PASSWORD_MIN_LENGTH && new Set(characters).size < 5) {
    reasons.push('Password must not repeat the same few characters');
  }
  const localPart = (email.split('@')[0] ?? '').toLowerCase();
  if (localPart !== '' && password.toLowerCase().includes(localPart)) reasons.push('Password must not contain the e-mail address');
  return reasons;
}

/**
 * The server sends a weak password's reasons as one text ("Password must … Password must …");
 * shown one per line they read better.
 */
export function splitReasons(message: string | undefined): string[] {
  if (!message) return [];
  return message
    .split(/(?<=\S)\s+(?=Password must )/)
    .map((reason) => reason.trim())
    .filter(Boolean);
}
