// `npx tsx scripts/measure-shape.ts`: the code's shape, measured the same way every time — model file
// sizes, long lines, long functions, declarations and functions inside templates, and URL strings in
// models. The goals (docs/architecture.md) are printed beside each figure.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");

function filesUnder(dir: string, extension: string): string[] {
  const full = path.join(ROOT, dir);
  return readdirSync(full).flatMap((name) => {
    const file = path.join(full, name);
    if (statSync(file).isDirectory()) return filesUnder(path.relative(ROOT, file), extension);
    return name.endsWith(extension) ? [file] : [];
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
const lines = (file: string) => readFileSync(file, "utf8").replace(/\n$/, "").split("\n");

/** Functions (declarations, arrows, methods) longer than `limit` lines, with where they start. */
function longFunctions(files: string[], limit: number): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > limit) found.push(`${path.relative(ROOT, file)}:${start + 1} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const models = filesUnder("src/models", ".ts").filter((file) => !file.endsWith(".d.ts"));
const modelLines = models.map((file) => lines(file).length).sort((a, b) => a - b);
const modelChars = models.map((file) => readFileSync(file, "utf8").replace(/\s/g, "").length).sort((a, b) => a - b);
const allModelLines = models.flatMap(lines);
const longModelLines = allModelLines.filter((line) => line.length > 120).length;
const biggest = models.map((file) => ({ file: path.relative(ROOT, file), n: lines(file).length })).sort((a, b) => b.n - a.n)[0];

const source = filesUnder("src", ".ts").filter((file) => !file.includes(`${path.sep}generated${path.sep}`) && !file.endsWith(".d.ts"));
const tooLong = longFunctions(source, 40);

const templates = filesUnder("views", ".ejs");
const declarationPattern = /<%[^=\-#][\s\S]*?%>/g;
const declared = templates.map((file) => {
  const code = [...readFileSync(file, "utf8").matchAll(declarationPattern)].map((match) => match[0]).join("\n");
  return { file, declarations: (code.match(/\b(const|let|var)\s+\w+|\bfunction\b|=>/g) ?? []).length, functions: (code.match(/\bfunction\b|=>/g) ?? []).length };
});
const templatesWithDeclarations = declared.filter((t) => t.declarations > 0);
const templateFunctions = declared.reduce((sum, t) => sum + t.functions, 0);

const urlStrings = models.flatMap((file) =>
  lines(file).flatMap((line, i) => (/(["'`])\/(api|signup|login|session|support|jobs|loads|quotes|messages|notifications|account|admin|team|vehicles|saved_searches|acceptances|attachments|invoices|companies|pools)\b/.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [])),
);

const row = (name: string, value: string, goal: string) => console.log(`${name.padEnd(52)} ${value.padEnd(24)} ${goal}`);
console.log(`${"measure".padEnd(52)} ${"here".padEnd(24)} goal`);
row("model files", String(models.length), "");
row("model file lines: median · p90 · max", `${percentile(modelLines, 0.5)} · ${percentile(modelLines, 0.9)} · ${biggest?.n ?? 0}`, "median ≤ 60, max ≤ 200");
row("  the longest", biggest?.file ?? "", "");
row("median model file, non-space characters", String(percentile(modelChars, 0.5)), "");
row("model lines over 120 characters", `${((longModelLines / Math.max(1, allModelLines.length)) * 100).toFixed(1)}%`, "");
row("functions over 40 lines in src/", String(tooLong.length), "0");
row("declarations in templates (templates with any)", `${declared.reduce((s, t) => s + t.declarations, 0)} (${templatesWithDeclarations.length} of ${templates.length})`, "");
row("function definitions in templates", String(templateFunctions), "0");
row("URL strings in src/models", String(urlStrings.length), "0");
if (process.argv.includes("--list")) {
  console.log("\nFunctions over 40 lines:\n  " + tooLong.join("\n  "));
  console.log("\nURL strings in models:\n  " + urlStrings.join("\n  "));
  console.log("\nTemplates defining functions:\n  " + declared.filter((t) => t.functions).map((t) => `${path.relative(ROOT, t.file)} (${t.functions})`).join("\n  "));
}
