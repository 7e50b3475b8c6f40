import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import { afterEach, describe, expect, it } from "vitest";
import { controllerFiles, controllerIdentifier, stimulusControllersPlugin } from "../../../scripts/lib/stimulus-controllers.ts";

describe("controller identifiers", () => {
  it.each([
    ["island_controller.ts", "island"],
    ["local_time_controller.ts", "local-time"],
    ["address_autocomplete_controller.ts", "address-autocomplete"],
    [path.join("bridge", "title_controller.ts"), "bridge--title"],
  ])("%s → %s", (file, identifier) => {
    expect(controllerIdentifier(file)).toBe(identifier);
  });

  it("finds every controller file of the app's folder, and only controllers", () => {
    const files = controllerFiles("controllers");
    expect(files).toContain("island_controller.ts");
    expect(files).toContain("message_box_controller.ts");
    expect(files.every((file) => file.endsWith("_controller.ts"))).toBe(true);
    expect(controllerFiles(path.join("controllers", "bridge"))).toEqual(["badge_controller.ts", "title_controller.ts"]);
  });
});

let dir: string;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the build's controller list", () => {
  it("registers a new controller file without anyone editing a list", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "controllers-"));
    mkdirSync(path.join(dir, "bridge"));
    for (const file of ["map_pin_controller.ts", "toast_controller.ts", path.join("bridge", "menu_controller.ts")]) {
      writeFileSync(path.join(dir, file), `export default class { static name = ${JSON.stringify(file)}; }\n`);
    }
    writeFileSync(path.join(dir, "index.ts"), 'import { controllers } from "virtual:stimulus-controllers";\nexport const ids = controllers.map(([id]) => id);\n');
    writeFileSync(path.join(dir, "bridge", "index.ts"), 'import { controllers } from "virtual:stimulus-controllers";\nexport const ids = controllers.map(([id]) => id);\n');
    const run = async (entry: string) => {
      const out = await esbuild.build({ entryPoints: [path.join(dir, entry)], bundle: true, write: false, format: "esm", plugins: [stimulusControllersPlugin(dir)], logLevel: "silent" });
      const module = (await import(`data:text/javascript,${encodeURIComponent(out.outputFiles[0]!.text)}`)) as { ids: string[] };
      return module.ids;
    };
    expect(await run("index.ts")).toEqual(["map-pin", "toast"]);
    expect(await run(path.join("bridge", "index.ts"))).toEqual(["bridge--menu"]);
  });

  it("lists a lazy folder's controllers as loaders named by file alone, each built as its own chunk", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "controllers-"));
    mkdirSync(path.join(dir, "lazy"));
    for (const file of ["job_form_controller.ts", "tom_select_controller.ts"]) {
      writeFileSync(path.join(dir, "lazy", file), `export default ${JSON.stringify(file)};\n`);
    }
    writeFileSync(path.join(dir, "lazy", "index.ts"), 'import { lazyControllers } from "virtual:stimulus-controllers?lazy";\nexport const loaders = lazyControllers;\n');
    const out = await esbuild.build({
      entryPoints: [path.join(dir, "lazy", "index.ts")], bundle: true, splitting: true, format: "esm", outdir: path.join(dir, "out"), write: true,
      plugins: [stimulusControllersPlugin(dir)], logLevel: "silent", metafile: true,
    });
    expect(Object.keys(out.metafile.outputs).filter((file) => file.endsWith(".js"))).toHaveLength(3);
    const { loaders } = (await import(path.join(dir, "out", "index.js"))) as { loaders: [string, () => Promise<{ default: string }>][] };
    const loaded = await Promise.all(loaders.map(async ([id, load]) => [id, (await load()).default]));
    expect(loaded).toEqual([["job-form", "job_form_controller.ts"], ["tom-select", "tom_select_controller.ts"]]);
  });
});
