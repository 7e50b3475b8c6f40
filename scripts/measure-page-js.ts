// Benchmark: the JavaScript a page downloads — the entry bundle plus every chunk it imports
// statically (dynamic imports are fetched only by pages that use them) — for a page without islands
// and for a carrier's job page, against their budgets. Prints gzipped bytes. Run `npm run build` first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzippedBytes, PAGE_JS_BUDGETS_KIB, pageFiles } from "./lib/page-js.ts";

const assets = path.resolve("public/assets");
const pages = pageFiles(assets);

function measure(label: string, files: string[], budgetKiB: number): void {
  console.log(`\n${label}`);
  let raw = 0;
  for (const file of files) {
    const bytes = readFileSync(file).length;
    raw += bytes;
    console.log(`  ${path.relative(assets, file).padEnd(44)} ${String(bytes).padStart(8)} B`);
  }
  const kib = gzippedBytes(files) / 1024;
  console.log(`  ${files.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ${kib.toFixed(1)} KiB gzipped (each file compressed on its own); budget ${budgetKiB} KiB: ${kib <= budgetKiB ? "met" : "MISSED"}`);
}

measure("A page without islands (what every page loads at start):", pages.withoutIslands, PAGE_JS_BUDGETS_KIB.withoutIslands);
measure("A carrier's job page (auction with the bid allocator, on React):", pages.carrierJobPage, PAGE_JS_BUDGETS_KIB.carrierJobPage);
