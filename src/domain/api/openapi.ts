import { z } from "zod";
import { PROBLEM_TYPES } from "./problems.ts";
import { requestSchemas, responseSchemas } from "./registry.ts";
import { API_ROUTES } from "./routes.ts";
import { pathParams, type RouteSpec } from "./route-spec.ts";
import { API_SCOPES, SCOPE_HINTS } from "./scopes.ts";

// The OpenAPI 3.1 document of /api/v2, built from the route table and the very zod schemas the
// routes parse with (z.toJSONSchema). Named schemas become components; the rest are inlined.

type Json = Record<string, unknown>;
const ref = (id: string) => `#/components/schemas/${id}`;

function components(registry: typeof requestSchemas, io: "input" | "output"): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, { target: "draft-2020-12", io, uri: ref, unrepresentable: "any" });
  // By name, whatever order the modules were loaded in: the document is the same text every time.
  return Object.fromEntries(Object.entries(schemas).toSorted(([a], [b]) => a.localeCompare(b)).map(([id, schema]) => {
    const { $schema: _s, $id: _i, ...rest } = schema as Json;
    return [id, rest];
  }));
}

function inline(schema: z.ZodType, io: "input" | "output"): Json {
  const registry = io === "input" ? requestSchemas : responseSchemas;
  const named = registry.get(schema);
  if (named) return { $ref: ref(named.id) };
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", metadata: registry, uri: ref } as never) as Json;
  return rest;
}

function parameters(spec: RouteSpec): Json[] {
  const inPath = pathParams(spec.path).map((name) => ({ name, in: "path", required: true, schema: { type: "integer", minimum: 1 } }));
  const inQuery = Object.entries(spec.query?.shape ?? {}).map(([name, schema]) => {
    const { description, ...json } = inline(schema as z.ZodType, "input") as Json & { description?: string };
    return { name, in: "query", required: false, schema: json, ...(description ? { description } : {}) };
  });
  const idempotency = spec.method === "post"
    ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 }, description: "Retry safely: the same key and body answer the first result for 24 hours" }]
    : [];
  return [...inPath, ...inQuery, ...idempotency];
}

const problemResponse = (status: keyof typeof PROBLEM_TYPES) => ({
  description: PROBLEM_TYPES[status].title,
  content: { "application/problem+json": { schema: { $ref: ref("Problem") } } },
});

function answer(spec: RouteSpec): Json {
  const content = "pdf" in spec.answer
    ? { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } }
    : { "application/json": { schema: inline(spec.answer.schema, "output") } };
  return { description: spec.answer.description, content };
}

function operation(operationId: string, spec: RouteSpec): Json {
  return {
    operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    ...(spec.scope ? { security: [{ bearer: [spec.scope] }], "x-scope": spec.scope } : {}),
    parameters: parameters(spec),
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: inline(spec.body, "input") } } } } : {}),
    responses: {
      [spec.answer.status]: answer(spec),
      ...Object.fromEntries(spec.refusals.map((status) => [status, problemResponse(status)])),
    },
  };
}

function paths(routes: Record<string, RouteSpec>): Json {
  const byPath: Record<string, Json> = {};
  for (const [id, spec] of Object.entries(routes)) (byPath[spec.path] ??= {})[spec.method] = operation(id, spec);
  return byPath;
}

export function openApiDocument(routes: Record<string, RouteSpec> = API_ROUTES): Json {
  const input = components(requestSchemas, "input");
  const output = components(responseSchemas, "output");
  return {
    openapi: "3.1.0",
    info: {
      title: "Loadline API",
      version: "2.0.0",
      description: "Post jobs, quote, award, run loads and read invoices from your own systems. Every call needs an API key (Authorization: Bearer ll_live_…), made by an account admin at /account/api_keys.",
    },
    servers: [{ url: "/api/v2" }],
    security: [{ bearer: [] }],
    tags: [...new Set(Object.values(routes).map((spec) => spec.tag))].map((name) => ({ name })),
    paths: paths(routes),
    components: {
      schemas: Object.fromEntries(Object.entries({ ...input, ...output }).toSorted(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: "http", scheme: "bearer", bearerFormat: "ll_live_ followed by 32 letters and digits",
          description: `Scopes: ${API_SCOPES.map((scope) => `${scope} (${SCOPE_HINTS[scope]})`).join("; ")}`,
        },
      },
    },
  };
}
