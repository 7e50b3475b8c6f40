// Bundles Stimulus controllers and code-split React islands into hashed files under public/assets,
// with a manifest the views read. `--watch` rebuilds on change (development).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { stimulusControllersPlugin } from "./lib/stimulus-controllers.ts";

const outdir = path.resolve("public/assets");
const watch = process.argv.includes("--watch");
const production = process.env.NODE_ENV === "production" || !watch;

/** `import href from "leaflet/dist/leaflet.css?url"` → the URL of that stylesheet, built and hashed on its own. */
const stylesheetUrlPlugin: esbuild.Plugin = {
  name: "stylesheet-url",
  setup(build) {
    build.onResolve({ filter: /\.css\?url$/ }, async (args) => {
      const resolved = await build.resolve(args.path.replace(/\?url$/, ""), { kind: "import-statement", resolveDir: args.resolveDir });
      return { path: resolved.path, namespace: "stylesheet-url" };
    });
    build.onLoad({ filter: /.*/, namespace: "stylesheet-url" }, async (args) => {
      const result = await esbuild.build({
        entryPoints: [args.path],
        bundle: true,
        minify: production,
        outdir,
        entryNames: "[name]-[hash]",
        assetNames: "[name]-[hash]",
        loader: { ".png": "file", ".svg": "file", ".gif": "file" },
        metafile: true,
        write: true,
        logLevel: "silent",
      });
      const cssFile = Object.keys(result.metafile.outputs).find((file) => file.endsWith(".css"))!;
      return { contents: `export default ${JSON.stringify("/assets/" + path.basename(cssFile))};`, loader: "js", watchFiles: [args.path] };
    });
  },
};

const writeManifest: esbuild.Plugin = {
  name: "manifest",
  setup(build) {
    build.onEnd((result) => {
      if (!result.metafile) return;
      const manifest: Record<string, string> = {};
      // The pages name only the entry files; chunks (islands, lazy controllers) are found by import.
      const entries = new Set((build.initialOptions.entryPoints as string[]).map((entry) => path.resolve(entry)));
      for (const [file, output] of Object.entries(result.metafile.outputs)) {
        if (!output.entryPoint || !entries.has(path.resolve(output.entryPoint))) continue;
        const name = path.basename(output.entryPoint).replace(/\.tsx?$/, "");
        manifest[`${name}.js`] = "/assets/" + path.relative(outdir, path.resolve(file));
        if (output.cssBundle) manifest[`${name}.css`] = "/assets/" + path.relative(outdir, path.resolve(output.cssBundle));
      }
      writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2));
      const digest = createHash("sha256").update(JSON.stringify(manifest)).digest("hex").slice(0, 8);
      console.log(`assets built (${digest}): ${Object.values(manifest).join(", ")}`);
    });
  },
};

const options: esbuild.BuildOptions = {
  entryPoints: ["controllers/application.ts"],
  bundle: true,
  format: "esm",
  splitting: true,
  platform: "browser",
  target: ["es2022", "chrome110", "firefox115", "safari16"],
  outdir,
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".png": "file", ".svg": "file", ".gif": "file" },
  minify: production,
  sourcemap: watch ? "linked" : false,
  metafile: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
  legalComments: "none",
  // Islands are written against React's API; in the browser they run on preact/compat, which
  // implements that API in ~10 KiB instead of react-dom's ~60 KiB (docs/islands.md).
  alias: {
    react: "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react-dom": "preact/compat",
    "react/jsx-runtime": "preact/jsx-runtime",
  },
  plugins: [stylesheetUrlPlugin, stimulusControllersPlugin(), writeManifest],
  logLevel: "warning",
};

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
