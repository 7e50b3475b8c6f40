// Items in groups by a key, each group in the items' order: one Map of lists, built in one pass
// (adding to a group never copies it, as spreading it into a new list would for every item).

export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
