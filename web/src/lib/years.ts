/** '2019–2023', '2019–present' (no end year), or one year when both are the same: a span of
 *  years in the CV sections' admin tables, as the CV itself writes it (`src/render/cv.rs`). */
export function yearSpan(start: number, end: number | null): string {
  if (end === null) return `${start}–present`;
  return end === start ? String(start) : `${start}–${end}`;
}
