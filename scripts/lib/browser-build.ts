// The browser build's options, shared by scripts/build-assets.ts and the build tests (which build
// into a folder of their own): Stimulus controllers and code-split React islands into hashed files,
// with a manifest the views read.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { stimulusControllersPlugin } from "./stimulus-controllers.ts";

export type BrowserBuild = { outdir: string; production: boolean; watch?: boolean; quiet?: boolean };

/** `import href from "leaflet/dist/leaflet.css?url"` → the URL of that stylesheet, built and hashed on its own. */
const stylesheetUrlPlugin = ({ outdir, production }: BrowserBuild): esbuild.Plugin => ({
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
});

const writeManifest = ({ outdir, quiet }: BrowserBuild): esbuild.Plugin => ({
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
      if (!quiet) console.log(`assets built (${digest}): ${Object.values(manifest).join(", ")}`);
    });
  },
});

// Islands run on React itself (react and react-dom 19), fetched only by pages that mount one. Left
// to itself, esbuild would split React three ways (react with the islands, jsx-runtime on its own,
// react-dom with the mount code), each file one more request. Here every `react`,
// `react/jsx-runtime` and `react-dom/client` import of the app's own code resolves to one module that
// re-exports all three, so every island and the mount code reach React and react-dom through the very
// same module: esbuild puts it in one shared, content-hashed chunk, cached from one page to the next.
const REACT_MODULE = `
export * from "react";
export { default } from "react";
export { jsx, jsxs, Fragment } from "react/jsx-runtime";
export { createRoot, hydrateRoot } from "react-dom/client";
`;

const oneReactChunk: esbuild.Plugin = {
  name: "one-react-chunk",
  setup(build) {
    build.onResolve({ filter: /^react(\/jsx-runtime|-dom\/client)?$/ }, (args) =>
      // React's own files, and the module below, import React for real.
      args.namespace === "react-chunk" || args.importer.includes(`${path.sep}node_modules${path.sep}`) ? undefined : { path: "react", namespace: "react-chunk" },
    );
    build.onLoad({ filter: /.*/, namespace: "react-chunk" }, () => ({ contents: REACT_MODULE, resolveDir: process.cwd(), loader: "js" }));
  },
};

/** The options of the browser build into `outdir`. */
export const browserBuildOptions = (build: BrowserBuild): esbuild.BuildOptions => ({
  entryPoints: ["controllers/application.ts"],
  bundle: true,
  format: "esm",
  splitting: true,
  platform: "browser",
  target: ["es2022", "chrome110", "firefox115", "safari16"],
  outdir: build.outdir,
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".png": "file", ".svg": "file", ".gif": "file" },
  minify: build.production,
  sourcemap: build.watch ? "linked" : false,
  metafile: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": JSON.stringify(build.production ? "production" : "development") },
  legalComments: "none",
  plugins: [oneReactChunk, stylesheetUrlPlugin(build), stimulusControllersPlugin(), writeManifest(build)],
  logLevel: "warning",
});

