/** Helpers for the entities' schema tests. */
import type { ZodType } from 'zod';

/** Each failing field's messages, keyed by its path ('authors.1'); several are joined with ' | '. */
export function problems(schema: ZodType, values: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.join('.');
    found[path] = found[path] ? `${found[path]} | ${issue.message}` : issue.message;
  }
  return found;
}
