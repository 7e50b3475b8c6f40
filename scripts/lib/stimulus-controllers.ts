// Stimulus controllers are registered from the folder: every `*_controller.ts` in a folder becomes
// one entry of a module the build writes on the fly, named by Stimulus' own convention
// (`local_time_controller.ts` → "local-time", `bridge/title_controller.ts` → "bridge--title").
// `virtual:stimulus-controllers?lazy` lists a folder's controllers as loaders instead, each built as
// its own chunk and named by its file alone: the folder says how they load, not what they are called.
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

function lazyModuleSource(dir: string): string {
  const entries = controllerFiles(dir).map((file) => `[${JSON.stringify(controllerIdentifier(file))}, () => import(${JSON.stringify(path.join(dir, file))})]`);
  return `export const lazyControllers = [${entries.join(", ")}];\n`;
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
      build.onResolve({ filter: /^virtual:stimulus-controllers(\?lazy)?$/ }, (args) => ({
        path: args.resolveDir + (args.path.endsWith("?lazy") ? "?lazy" : ""),
        namespace: "stimulus-controllers",
      }));
      build.onLoad({ filter: /.*/, namespace: "stimulus-controllers" }, (args) => {
        const lazy = args.path.endsWith("?lazy");
        const dir = args.path.replace(/\?lazy$/, "");
        return {
          contents: lazy ? lazyModuleSource(dir) : moduleSource(dir, path.relative(root, dir)),
          loader: "js",
          resolveDir: dir,
          watchDirs: [dir],
        };
      });
    },
  };
}
