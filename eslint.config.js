import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  { ignores: ["node_modules/", "public/assets/", "src/generated/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": ["error", { selector: "TSEnumDeclaration", message: "Use a union of string literals instead of an enum." }],
    },
  },
  {
    // The domain is pure: no database, no web framework, no Node built-ins (it also runs in the browser).
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "src/domain must not use Node built-ins." },
            { group: ["express", "express/*", "@prisma/*", "prisma", "#generated/*", "#db/*", "#models/*", "#server/*", "#lib/*", "#routes/*"], message: "src/domain must not depend on I/O layers." },
          ],
        },
      ],
    },
  },
  {
    // Layers point one way (docs/architecture.md): routes → pages → models → db, lib, domain, geo.
    // Models are about records: they never build pages or reach into the app assembly or routes.
    files: ["src/models/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#pages/*", "#server/*", "#routes/*", "../server/*", "../routes/*"], message: "Models may use #db, #lib, #domain and #geo; pages and routes use models, not the other way." }] }],
    },
  },
  {
    // Pages say what a page shows (reads, links, form actions); they never handle a request.
    files: ["src/pages/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#server/*", "#routes/*"], message: "Pages are built from models; the app assembly and routes sit above them." }] }],
    },
  },
  {
    // The library under src/server/lib is what every layer may use, so it depends on nothing above it.
    files: ["src/server/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#server/*", "#routes/*", "#pages/*", "#models/*", "#db/*", "../*"], message: "src/server/lib must not import the database, models, pages, the app assembly or routes." }] }],
    },
  },
  {
    // The database layer uses the library, never the layers above it.
    files: ["src/db/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#server/*", "#routes/*", "#pages/*", "#models/*"], message: "src/db sits under models: it may use #lib and #domain only." }] }],
    },
  },
  {
    // Routes call model verbs and page builders; they never query the database themselves.
    files: ["src/routes/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#db/*", "#generated/*", "@prisma/*"], message: "Routes never call Prisma: add a model function." }] }],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
