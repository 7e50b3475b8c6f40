import { readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ASSETS_DIR = path.resolve("public/assets");
const MANIFEST = path.join(ASSETS_DIR, "manifest.json");

type Manifest = Record<string, string>;
let manifest: Manifest | undefined;
let manifestMtime = 0;

/** Hashed URL of a built asset, e.g. asset("application.js") → "/assets/application-3F2A….js". */
export function asset(name: string): string {
  const url = readManifest()[name];
  if (!url) throw new Error(`Asset ${name} is not built. Run \`npm run build\`.`);
  return url;
}

// The watcher rewrites the manifest; re-read it when it changes. In production the built assets never
// change under a running process, so the manifest is read once and never looked at again (a page asks
// for several assets, and a stat each was 2% of rendering a small page).
const builtOnce = process.env.NODE_ENV === "production";

function readManifest(): Manifest {
  if (manifest && builtOnce) return manifest;
  const mtime = statSync(MANIFEST, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (!manifest || mtime !== manifestMtime) {
    manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
    manifestMtime = mtime;
  }
  return manifest;
}
