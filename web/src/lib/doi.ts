/** The public DOI resolver's address for a DOI. A value already written as a
 *  resolver URL or with a 'doi:' prefix is reduced to the bare DOI first. */
export function doiUrl(doi: string): string {
  const bare = doi.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return `https://doi.org/${bare}`;
}
