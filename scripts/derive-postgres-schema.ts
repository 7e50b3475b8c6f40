// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma, the one schema we edit: the same
// models for PostgreSQL, with the client generated into src/generated/prisma-pg. A test fails when
// the committed copy differs from what this script writes (run it after changing the schema).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { derivePostgresSchema } from "#db/postgres-schema.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const source = readFileSync(`${root}prisma/schema.prisma`, "utf8");
writeFileSync(`${root}prisma/postgresql/schema.prisma`, derivePostgresSchema(source));
console.log("Wrote prisma/postgresql/schema.prisma");
