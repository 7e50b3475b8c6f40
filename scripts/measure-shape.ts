// Size figures of the model layer: median model file (lines, non-space characters) and the model
// functions longer than 15 lines. `npx tsx scripts/measure-shape.ts [folder]` (default src/models).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const folder = process.argv[2] ?? "src/models";
const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => path.join(folder, f));
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

const long: string[] = [];
const sizes = files.map((file) => {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) {
      const lines = source.getLineAndCharacterOfPosition(node.end).line - source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const name = ts.isFunctionDeclaration(node) && node.name ? node.name.text : ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : "(inner)";
      if (lines > 15 && name !== "(inner)") long.push(`${file}: ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { lines: text.split("\n").length - 1, chars: text.replace(/\s/g, "").length };
});

console.log(`${files.length} files in ${folder}`);
console.log(`median file: ${median(sizes.map((s) => s.lines))} lines, ${median(sizes.map((s) => s.chars))} non-space characters`);
console.log(`functions over 15 lines: ${long.length}`);
for (const entry of long) console.log(`  ${entry}`);
