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
    // Layers point one way: routes → models → #lib (errors, env, logger, formatting, Turbo helpers).
    // Models never reach back into the app assembly (src/server) or the routes.
    files: ["src/models/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#server/*", "#routes/*", "../server/*", "../routes/*"], message: "Models may use #lib, never the app assembly or routes." }] }],
    },
  },
  {
    // The library under src/server/lib is what models may use, so it depends on nothing above it.
    files: ["src/server/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#server/*", "#routes/*", "#models/*", "../*"], message: "src/server/lib must not import the app assembly, routes or models." }] }],
    },
  },
  {
    // Routes call model verbs; they never query the database themselves.
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
