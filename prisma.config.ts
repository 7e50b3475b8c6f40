// The CLI checks for the native schema-engine binary even for generate/validate, which use Wasm.
// It cannot be downloaded here, so point the check at a harmless file (DESIGN §5).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/development.sqlite3" },
});
