// `npm run support:create -- --email sam@loadline.example --name "Sam Support"`: the first (or a
// further) support user, on the database DATABASE_URL names. Prints a one-time password to hand over.
import { parseArgs } from "node:util";
import { applyMigrations } from "#db/migrate.server.ts";
import { DEFAULT_DATABASE_URL } from "#db/sqlite-file.server.ts";
import { disconnectDb } from "#db/client.server.ts";
import { DatabaseUnavailable } from "#db/postgres-database.server.ts";
import { DatabaseInUse } from "#db/process-lock.server.ts";
import { SupportUserSchema } from "#domain/auth/account-forms.ts";
import { createSupportUser } from "#models/support-staff.server.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
const input = SupportUserSchema.safeParse(values);
if (!input.success) {
  console.error(`${input.error.issues.map((issue) => issue.message).join("; ")}.\nusage: npm run support:create -- --email EMAIL --name "FULL NAME"`);
  process.exit(1);
}
// A database that cannot be used (a SQLite file a running server holds, a PostgreSQL server that
// refuses) is said in its one sentence, as the server says it at start.
const created = await applyMigrations(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL)
  .then(() => createSupportUser(input.data))
  .catch((error: unknown) => {
    if (!(error instanceof DatabaseInUse || error instanceof DatabaseUnavailable)) throw error;
    console.error(error.message);
    process.exit(1);
  })
  .finally(() => disconnectDb());
if (!created.ok) {
  console.error(`${Object.values(created.errors).join("; ")}.`);
  process.exit(1);
}
console.log(`Support user ${input.data.email} created. One-time password: ${created.password}\nSign in at /login and change it at /account.`);
