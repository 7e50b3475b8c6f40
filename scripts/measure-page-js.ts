// Benchmark: the JavaScript a page without islands downloads — the entry bundle plus every chunk it
// imports statically (dynamic imports are fetched only by pages that use them). Prints gzipped bytes.
import { readFileSync } from "node:fs";
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
const files = [...staticClosure(entry)];
let raw = 0;
let gzipped = 0;
for (const file of files) {
  const bytes = readFileSync(file);
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
  console.log(`${path.relative(assets, file).padEnd(40)} ${String(bytes.length).padStart(8)} B`);
}
console.log(`\n${files.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzipped / 1024).toFixed(1)} KiB gzipped (each file compressed on its own)`);
