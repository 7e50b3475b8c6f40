// The PostgreSQL schema is prisma/schema.prisma with two lines changed: the datasource's provider and
// where the client is generated. Nothing else may differ, so both databases hold the same models.

export const POSTGRES_SCHEMA_HEADER = "// Generated from prisma/schema.prisma by scripts/derive-postgres-schema.ts: edit that file, not this one.\n";

export function derivePostgresSchema(source: string): string {
  const replaced = { provider: false, output: false };
  const body = source
    .replace(/(datasource db \{\s*provider\s*=\s*)"sqlite"/, (_match, start: string) => ((replaced.provider = true), `${start}"postgresql"`))
    .replace(/(output\s*=\s*)"\.\.\/src\/generated\/prisma"/, (_match, start: string) => ((replaced.output = true), `${start}"../../src/generated/prisma-pg"`));
  if (!replaced.provider || !replaced.output) throw new Error("prisma/schema.prisma no longer has the sqlite provider or the client output this script replaces");
  return POSTGRES_SCHEMA_HEADER + body;
}
