import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserBuildOptions } from "../../../scripts/lib/browser-build.ts";
import { gzippedBytes, PAGE_JS_BUDGETS_KIB, pageFiles, staticClosure } from "../../../scripts/lib/page-js.ts";

// The production browser build, made into a folder of its own: islands run on React 19 itself, in
// one shared chunk that only pages with an island fetch.
const reactVersion = (createRequire(import.meta.url)("react/package.json") as { version: string }).version;
let dir: string;
let pages: ReturnType<typeof pageFiles>;
const text = (files: string[]) => files.map((file) => readFileSync(file, "utf8")).join("\n");

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "browser-build-"));
  await esbuild.build(browserBuildOptions({ outdir: dir, production: true, quiet: true }));
  pages = pageFiles(dir);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("islands on React 19", () => {
  it("a page with an island gets React's own code: its version string, and no preact anywhere in the build", () => {
    expect(reactVersion).toMatch(/^19\./);
    const reactChunks = pages.carrierJobPage.filter((file) => readFileSync(file, "utf8").includes(`"${reactVersion}"`));
    expect(reactChunks.map((file) => path.relative(dir, file))).toHaveLength(1);
    const react = readFileSync(reactChunks[0]!, "utf8");
    // React's own `version`, and react-dom's: its renderer name and its check that React is the same version.
    expect(react).toContain(`version="${reactVersion}"`);
    expect(react).toContain(`rendererPackageName:"react-dom"`);
    expect(react).toMatch(new RegExp(`!=="${reactVersion.replaceAll(".", "\\.")}"\\)throw`));
    const everything = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
    expect(text(everything.map((file) => path.join(dir, file)))).not.toMatch(/preact/i);
  });

  it("React is one content-hashed chunk shared by every island, and a page without islands downloads none of it", () => {
    const [react] = pages.carrierJobPage.filter((file) => readFileSync(file, "utf8").includes(`"${reactVersion}"`));
    expect(path.basename(react!)).toMatch(/^chunk-[A-Z0-9]{8}\.js$/);
    for (const island of ["map", "bar-chart", "bid-allocator"]) {
      const start = readdirSync(path.join(dir, "chunks")).find((file) => file.startsWith(`${island}-`))!;
      expect([...staticClosure(path.join(dir, "chunks", start))], island).toContain(react);
    }
    expect(pages.withoutIslands).not.toContain(react);
    expect(text(pages.withoutIslands)).not.toContain(`"${reactVersion}"`);
  });

  it("keeps each page within its budget of compressed JavaScript", () => {
    expect(gzippedBytes(pages.withoutIslands) / 1024).toBeLessThanOrEqual(PAGE_JS_BUDGETS_KIB.withoutIslands);
    expect(gzippedBytes(pages.carrierJobPage) / 1024).toBeLessThanOrEqual(PAGE_JS_BUDGETS_KIB.carrierJobPage);
  });
});
