// Bundles Stimulus controllers and code-split React islands into hashed files under public/assets,
// with a manifest the views read. `--watch` rebuilds on change (development).
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { browserBuildOptions } from "./lib/browser-build.ts";

const outdir = path.resolve("public/assets");
const watch = process.argv.includes("--watch");
const production = process.env.NODE_ENV === "production" || !watch;

const options = browserBuildOptions({ outdir, production, watch });

if (!watch) rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("watching controllers/, islands/ and src/domain/ for changes…");
} else {
  await esbuild.build(options);
  readFileSync(path.join(outdir, "manifest.json"));
}
