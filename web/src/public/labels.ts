/** Display names of the enumerations stored in lower case ('phd', 'co-instructor', 'keynote'). */

const SPECIAL: Record<string, string> = {
  phd: 'PhD',
  master: "Master's",
  bachelor: "Bachelor's",
};

/** 'teaching-assistant' → 'Teaching assistant', 'phd' → 'PhD'. */
export function label(value: string): string {
  const special = SPECIAL[value.toLowerCase()];
  if (special) return special;
  const text = value.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
