// `npm test`: everything a fresh machine needs, then type-check, lint, and every vitest project
// (unit, HTTP against real SQLite files and again against PostgreSQL, several processes on real
// PostgreSQL and Redis, Chromium flows). Ends with a plain "N passed, N failed" line.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const step = (name, command) => {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { stdio: "inherit", shell: true });
  console.log(`${result.status === 0 ? "✔" : "✘"} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
};

execSync("node scripts/setup.mjs", { stdio: "inherit" });

// Debian packages the tests run for real: Chromium for the browser flows, PostgreSQL and Redis for the
// HTTP suite's second run and the several-process tests (started on free ports, stopped afterwards).
const packages = [
  { name: "chromium", present: existsSync(CHROMIUM) },
  { name: "postgresql", present: existsSync("/usr/lib/postgresql/15/bin/postgres") },
  { name: "redis-server", present: existsSync("/usr/bin/redis-server") },
].filter((item) => !item.present).map((item) => item.name);
if (packages.length) {
  console.log(`Installing Debian's ${packages.join(", ")} for the tests…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(" ")}`, { stdio: "inherit" });
}

const results = {
  typecheck: step("type-check", "npx tsc --noEmit -p ."),
  lint: step("lint", "npx eslint ."),
};
rmSync("test-results", { recursive: true, force: true });
results.vitest = step("tests", "npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json");

let passed = 0;
let failed = 0;
if (existsSync("test-results/vitest.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
}
// A file that cannot even load fails the run without failing a test: count it.
if (!results.vitest && failed === 0) failed = 1;
failed += Number(!results.typecheck) + Number(!results.lint);
console.log(`\nType-check ${results.typecheck ? "passed" : "FAILED"}; lint ${results.lint ? "passed" : "FAILED"}.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(Object.values(results).every(Boolean) ? 0 : 1);
