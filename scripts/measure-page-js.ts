// Benchmark: the JavaScript a page downloads — the entry bundle plus every chunk it imports
// statically (dynamic imports are fetched only by pages that use them) — for a page without islands
// and for a carrier's job page. Prints gzipped bytes. Run `npm run build` first.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const assets = path.resolve("public/assets");
const manifest = JSON.parse(readFileSync(path.join(assets, "manifest.json"), "utf8")) as Record<string, string>;

function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)) {
    staticClosure(path.resolve(path.dirname(file), match[1]!), seen);
  }
  return seen;
}

const entry = path.join(assets, manifest["application.js"]!.replace(/^\/assets\//, ""));
const chunk = (prefix: string) => {
  const name = readdirSync(path.join(assets, "chunks")).find((file) => file.startsWith(`${prefix}-`) && file.endsWith(".js"));
  if (!name) throw new Error(`no chunk named ${prefix}-*.js: run npm run build`);
  return path.join(assets, "chunks", name);
};

function measure(label: string, starts: string[]): void {
  const files = new Set(starts.flatMap((start) => [...staticClosure(start)]));
  let raw = 0;
  let gzipped = 0;
  console.log(`\n${label}`);
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
    console.log(`  ${path.relative(assets, file).padEnd(44)} ${String(bytes.length).padStart(8)} B`);
  }
  console.log(`  ${files.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzipped / 1024).toFixed(1)} KiB gzipped (each file compressed on its own)`);
}

measure("A page without islands (what every page loads at start):", [entry]);
// A signed-in carrier's job page adds the cable client (live badges, quotes), the island mount and
// both bidding islands.
measure("A carrier's job page (auction with the bid allocator):", [entry, chunk("src"), chunk("mount"), chunk("bid-allocator"), chunk("auction-panel")]);
