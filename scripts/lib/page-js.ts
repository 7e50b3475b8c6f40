// The JavaScript a page downloads from a browser build: the entry bundle plus every chunk it imports
// statically (dynamic imports are fetched only by pages that use them), gzipped file by file as a
// server sends them. Shared by scripts/measure-page-js.ts and the build tests.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Budgets of compressed JavaScript (docs/islands.md). */
export const PAGE_JS_BUDGETS_KIB = { withoutIslands: 45, carrierJobPage: 130 };

/** `file` and every file it imports statically, and theirs. */
export function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)) {
    staticClosure(path.resolve(path.dirname(file), match[1]!), seen);
  }
  return seen;
}

/** The files of a built page, by where they start: the entry and the chunks its page imports on load. */
export function pageFiles(assets: string): { withoutIslands: string[]; carrierJobPage: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(assets, "manifest.json"), "utf8")) as Record<string, string>;
  const entry = path.join(assets, manifest["application.js"]!.replace(/^\/assets\//, ""));
  const chunk = (prefix: string) => {
    const name = readdirSync(path.join(assets, "chunks")).find((file) => file.startsWith(`${prefix}-`) && file.endsWith(".js"));
    if (!name) throw new Error(`no chunk named ${prefix}-*.js in ${assets}: build first`);
    return path.join(assets, "chunks", name);
  };
  const closure = (starts: string[]) => [...new Set(starts.flatMap((start) => [...staticClosure(start)]))];
  return {
    withoutIslands: closure([entry]),
    // A signed-in carrier's job page adds the cable client (live badges, quotes), the island mount
    // (with React) and both bidding islands.
    carrierJobPage: closure([entry, chunk("src"), chunk("mount"), chunk("bid-allocator"), chunk("auction-panel")]),
  };
}

/** Gzipped bytes of these files, each compressed on its own. */
export function gzippedBytes(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
}
