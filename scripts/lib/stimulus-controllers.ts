// Stimulus controllers are registered from the folder: every `*_controller.ts` in a folder becomes
// one entry of a module the build writes on the fly, named by Stimulus' own convention
// (`local_time_controller.ts` → "local-time", `bridge/title_controller.ts` → "bridge--title").
import { readdirSync } from "node:fs";
import path from "node:path";
import type * as esbuild from "esbuild";

export const CONTROLLERS_MODULE = "virtual:stimulus-controllers";

/** The identifier Stimulus knows a controller file by, from its path inside controllers/. */
export function controllerIdentifier(relativePath: string): string {
  return relativePath
    .replace(/_controller\.tsx?$/, "")
    .split(/[\\/]/)
    .map((part) => part.replaceAll("_", "-"))
    .join("--");
}

/** The controller files directly in `dir` (sub-folders have their own module), sorted. */
export function controllerFiles(dir: string): string[] {
  return readdirSync(dir).filter((name) => /_controller\.tsx?$/.test(name)).sort();
}

function moduleSource(dir: string, prefix: string): string {
  const files = controllerFiles(dir);
  const imports = files.map((file, i) => `import C${i} from ${JSON.stringify(path.join(dir, file))};`);
  const entries = files.map((file, i) => `[${JSON.stringify(controllerIdentifier(path.join(prefix, file)))}, C${i}]`);
  return `${imports.join("\n")}\nexport const controllers = [${entries.join(", ")}];\n`;
}

/**
 * `import { controllers } from "virtual:stimulus-controllers"` in a file gives the controllers of
 * that file's own folder as [identifier, class] pairs; a new file is picked up on the next build.
 */
export function stimulusControllersPlugin(root = path.resolve("controllers")): esbuild.Plugin {
  return {
    name: "stimulus-controllers",
    setup(build) {
      build.onResolve({ filter: /^virtual:stimulus-controllers$/ }, (args) => ({ path: args.resolveDir, namespace: "stimulus-controllers" }));
      build.onLoad({ filter: /.*/, namespace: "stimulus-controllers" }, (args) => ({
        contents: moduleSource(args.path, path.relative(root, args.path)),
        loader: "js",
        resolveDir: args.path,
        watchDirs: [args.path],
      }));
    },
  };
}
