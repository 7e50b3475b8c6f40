import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POSTGRES_SCHEMA_HEADER, derivePostgresSchema } from "#db/postgres-schema.ts";

const read = (file: string) => readFileSync(new URL(`../../../prisma/${file}`, import.meta.url), "utf8");

describe("the PostgreSQL schema", () => {
  it("is exactly what scripts/derive-postgres-schema.ts makes of prisma/schema.prisma (run it after a schema change)", () => {
    expect(read("postgresql/schema.prisma")).toBe(derivePostgresSchema(read("schema.prisma")));
  });

  it("differs from the SQLite schema only in its header, provider and client folder", () => {
    const derived = derivePostgresSchema(read("schema.prisma"));
    const changed = derived.slice(POSTGRES_SCHEMA_HEADER.length).split("\n").filter((line, i) => line !== read("schema.prisma").split("\n")[i]);
    expect(changed.map((line) => line.trim())).toEqual(['output       = "../../src/generated/prisma-pg"', 'provider = "postgresql"']);
  });

  it("refuses a schema it no longer knows how to change", () => {
    expect(() => derivePostgresSchema('datasource db {\n  provider = "mysql"\n}')).toThrow("no longer has the sqlite provider");
  });
});
