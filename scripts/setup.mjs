// Runs before `npm start` (and `npm test`): everything a fresh clone needs, using only Node built-ins.
// Installs packages when missing, generates the Prisma client and builds the browser assets.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const run = (command) => execSync(command, { stdio: "inherit", env: { ...process.env } });
const newestMtime = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs), 0);

if (!existsSync("node_modules/.package-lock.json")) {
  console.log("Installing packages (first run)…");
  run("npm install --no-audit --no-fund");
}

// One client per engine, both from the same models (prisma/postgresql/schema.prisma is derived).
const clients = [
  { schema: "prisma/schema.prisma", client: "src/generated/prisma/client.ts" },
  { schema: "prisma/postgresql/schema.prisma", client: "src/generated/prisma-pg/client.ts" },
];
for (const { schema, client } of clients) {
  if (!existsSync(client) || statSync(schema).mtimeMs > statSync(client).mtimeMs) run(`npx prisma generate --schema ${schema}`);
}

const manifest = "public/assets/manifest.json";
const sources = ["controllers", "islands", "src/domain"].filter((dir) => existsSync(dir));
if (!existsSync(manifest) || Math.max(...sources.map(newestMtime)) > statSync(manifest).mtimeMs) {
  run("npx tsx scripts/build-assets.ts");
}
