// SQLite (a `file:` URL) is the embedded default for one process; PostgreSQL (postgres:// or
// postgresql://) is for any number of processes. Everything engine-specific asks this first.

export type DatabaseKind = "sqlite" | "postgresql";

export function databaseKind(databaseUrl: string): DatabaseKind {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgresql" : "sqlite";
}
