import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// What the geographic benchmarks (return loads, planned journeys) share: a throwaway database — a
// SQLite file, or with DB=postgresql a PostgreSQL server started for the run (the test suite's
// binaries) — set up before the app's database modules are imported; the same pseudo-random places
// over mainland Britain on every run; and percentiles of the times measured.

export type BenchDatabase = { onPostgres: boolean; close(): Promise<void> };

/** Points DATABASE_URL at a fresh database and quiets the app's logging; call before importing #db. */
export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const onPostgres = process.env.DB === "postgresql";
  const dir = mkdtempSync(path.join(tmpdir(), `${name.replaceAll("_", "-")}-`));
  process.env.NODE_ENV = "production";
  process.env.LOG_LEVEL = "silent";
  let stopServer = async () => {};
  if (onPostgres) {
    const { createDatabase, startPostgres } = await import("../../tests/support/services.ts");
    const server = await startPostgres();
    stopServer = () => server.stop();
    process.env.DATABASE_URL = await createDatabase(server.url, name);
  } else {
    process.env.DATABASE_URL = `file:${path.join(dir, "bench.sqlite3")}`;
  }
  return { onPostgres, close: async () => (await stopServer(), rmSync(dir, { recursive: true, force: true })) };
}

/** A fixed pseudo-random sequence (mulberry32) from `seed`, so every run seeds the same places. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A place in mainland Britain, roughly: Plymouth to Inverness, Pembroke to Lowestoft. */
export const placeIn = (random: () => number) => ({ latitude: 50.4 + random() * 7.1, longitude: -5.0 + random() * 6.7 });

/** The p-th percentile of the values (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
