/** Password rules shared by the setup and account forms (the server's are in src/auth/password.rs). */

/** The server's minimum length; it also refuses other weak passwords and says why. */
export const MIN_PASSWORD_LENGTH = 10;

export const TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

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
