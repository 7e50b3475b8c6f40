import { openApiDocument } from "#domain/api/openapi.ts";
import { PROBLEM_TYPES } from "#domain/api/problems.ts";
import { API_SCOPES, SCOPE_HINTS } from "#domain/api/scopes.ts";

// The /developers reference, read from the OpenAPI document itself (so the page, the document and
// the routes agree): each endpoint with its scope, parameters, body fields and answers.

type Json = Record<string, unknown>;
type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; enum?: unknown[]; description?: string; const?: unknown };

const refName = (ref: string) => ref.split("/").at(-1)!;

/** A schema in a few words: "string", "integer", "array of Location", "Money or null", "one of: a, b". */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return `one of: ${schema.enum.join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  return Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
}

function fieldsOf(schema: Schema | undefined) {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, field]) => ({ name, type: typeOf(field), required: required.has(name), description: field.description ?? "" }));
}

function operationsOf(document: Json) {
  return Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.["application/json"]?.schema;
      const responses = Object.entries(op.responses as Record<string, { description: string; content?: Record<string, { schema: Schema }> }>);
      return {
        id: String(op.operationId),
        anchor: `op-${String(op.operationId)}`,
        method: method.toUpperCase(),
        path: `/api/v2${path}`,
        summary: String(op.summary),
        description: String(op.description ?? ""),
        tag: (op.tags as string[])[0]!,
        scope: (op["x-scope"] as string | undefined) ?? "none",
        parameters: (op.parameters as { name: string; in: string; schema: Schema; description?: string }[]).map((p) => ({ name: p.name, where: p.in, type: typeOf(p.schema), description: p.description ?? "" })),
        body: body ? typeOf(body) : null,
        answers: responses.map(([status, answer]) => ({ status, description: answer.description, type: typeOf(Object.values(answer.content ?? {})[0]?.schema) })),
      };
    }),
  );
}

// The document only changes with the code: worked out once per process.
let built: ReturnType<typeof buildPage> | undefined;
export const developersPage = () => (built ??= buildPage());

function buildPage() {
  const document = openApiDocument();
  const operations = operationsOf(document);
  const tags = [...new Set(operations.map((op) => op.tag))];
  const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
  return {
    title: "Loadline API reference",
    info: document.info as { title: string; version: string; description: string },
    groups: tags.map((tag) => ({ tag, operations: operations.filter((op) => op.tag === tag) })),
    schemas: Object.entries(schemas).map(([name, schema]) => ({ name, anchor: `schema-${name}`, description: schema.description ?? "", fields: fieldsOf(schema) })),
    scopes: API_SCOPES.map((scope) => ({ scope, hint: SCOPE_HINTS[scope] })),
    problems: Object.entries(PROBLEM_TYPES).map(([status, kind]) => ({ status, anchor: `problem-${kind.slug}`, title: kind.title })),
    documentPath: "/api/v2/openapi.json",
    keysPath: "/account/api_keys",
  };
}
