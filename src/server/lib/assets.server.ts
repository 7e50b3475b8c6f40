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

// The watcher rewrites the manifest; re-read it when it changes (one stat per page is cheap).
function readManifest(): Manifest {
  const mtime = statSync(MANIFEST, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (!manifest || mtime !== manifestMtime) {
    manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
    manifestMtime = mtime;
  }
  return manifest;
}
