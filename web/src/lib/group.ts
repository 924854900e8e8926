/** Splits a list already in display order into runs of neighbours sharing a
 *  key (publications by year, courses by year), keeping the order. */
export function groupRuns<T, K>(items: readonly T[], key: (item: T) => K): Array<[K, T[]]> {
  const groups: Array<[K, T[]]> = [];
  for (const item of items) {
    const k = key(item);
    const last = groups[groups.length - 1];
    if (last && last[0] === k) last[1].push(item);
    else groups.push([k, [item]]);
  }
  return groups;
}
