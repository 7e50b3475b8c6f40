import { isCurrent, noteReads, stampOf, type Stamp } from "#db/table-versions.server.ts";

// Figures worked out from many rows (a board's count, a dashboard's year of loads) are kept until a
// table they were read from is written, in this process or, through Redis, in another one (see
// table-versions). Callers arriving while a figure is being worked out wait for that one instead of
// starting their own. A figure that took longer than `slowMs` is not waited for again: once out of
// date it is still answered while a fresh one is worked out behind it, so one write does not make
// the next viewer wait for a second of adding up. A quick figure is simply worked out again. A figure
// that also moves with the clock (a score's 12-month window) is kept at most `maxAgeMs`.

type Entry<T> = { value: Promise<T>; stamp: Stamp; startedAt: number; tookMs: number; settled?: { value: T }; next?: Promise<T> };

export type Keeper<T> = (key: string, work: () => Promise<T>) => Promise<T>;

export function keptUntilWritten<T>(tables: readonly string[], { slowMs = 100, maxEntries = 1_000, maxAgeMs = Infinity } = {}): Keeper<T> {
  const entries = new Map<string, Entry<T>>();

  const start = (key: string, work: () => Promise<T>): Entry<T> => {
    const started = performance.now();
    const entry: Entry<T> = { value: work(), stamp: stampOf(tables), startedAt: started, tookMs: 0 };
    entry.value.then(
      (value) => {
        entry.settled = { value };
        entry.tookMs = performance.now() - started;
      },
      () => entries.get(key) === entry && entries.delete(key),
    );
    return entry;
  };
  const store = (key: string, entry: Entry<T>) => {
    if (!entries.has(key) && entries.size >= maxEntries) entries.clear();
    entries.set(key, entry);
  };

  return (key, work) => {
    noteReads(tables);
    const found = entries.get(key);
    const kept = found && performance.now() - found.startedAt < maxAgeMs ? found : undefined;
    if (kept && isCurrent(kept.stamp)) return kept.value;
    if (kept?.settled && kept.tookMs > slowMs) {
      kept.next ??= (() => {
        const fresh = start(key, work);
        fresh.value.then(() => store(key, fresh), () => (kept.next = undefined));
        return fresh.value;
      })();
      return Promise.resolve(kept.settled.value);
    }
    const entry = start(key, work);
    store(key, entry);
    return entry.value;
  };
}
