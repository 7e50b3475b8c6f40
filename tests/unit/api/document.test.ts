import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { encodeCursor, paged, PagingQuery } from "#domain/api/common.ts";
import { openApiDocument } from "#domain/api/openapi.ts";
import { fromFieldErrors, problemBody } from "#domain/api/problems.ts";
import { pathParams } from "#domain/api/route-spec.ts";
import { API_ROUTES } from "#domain/api/routes.ts";
import { API_SCHEMA_FILE, apiTypesText } from "../../support/api-types.ts";

type Json = Record<string, unknown>;
const document = openApiDocument() as Json & { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with every route of the table, once each, by its operation id", () => {
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [op.operationId, method, path]));
    expect(operations.toSorted()).toEqual(Object.entries(API_ROUTES).map(([id, spec]) => [id, spec.method, spec.path]).toSorted());
  });

  it("declares each path's parameters and a scope for every operation", () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const op of Object.values(methods)) {
        const inPath = (op.parameters as { in: string; name: string }[]).filter((p) => p.in === "path").map((p) => p.name);
        expect(inPath).toEqual(pathParams(path));
        expect(op.security).toEqual([{ bearer: [op["x-scope"]] }]);
        expect(Object.keys(op.responses as Json)).toEqual(expect.arrayContaining(["401", "403", "429"]));
      }
    }
  });

  it("resolves every $ref to a component", () => {
    const missing = refsIn(document).filter((ref) => !document.components.schemas[ref.replace("#/components/schemas/", "")]);
    expect(missing).toEqual([]);
  });

  it("offers Idempotency-Key on every POST and nowhere else", () => {
    for (const methods of Object.values(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const has = (op.parameters as { name: string }[]).some((p) => p.name === "Idempotency-Key");
        expect(has).toBe(method === "post");
      }
    }
  });

  it("generates the committed client types (run `npm run api:types` after changing the API)", async () => {
    expect(await apiTypesText()).toBe(readFileSync(API_SCHEMA_FILE, "utf8"));
  });
});

describe("problems", () => {
  it.each([
    [{ base: "This job can no longer be cancelled" }, { detail: "This job can no longer be cancelled", errors: [] }],
    [{ reference: "Enter a reference for the job" }, { detail: "Enter a reference for the job", errors: [{ field: "reference", message: "Enter a reference for the job" }] }],
    [{ a: "A", "b.0.c": "C" }, { detail: "2 fields have problems; see errors", errors: [{ field: "a", message: "A" }, { field: "b.0.c", message: "C" }] }],
  ])("%j → %j", (errors, expected) => {
    expect(fromFieldErrors(errors)).toEqual(expected);
  });

  it("types each status, leaving out an empty list", () => {
    expect(problemBody(404, "Not found")).toEqual({ type: "/developers#problem-not-found", title: "Not found", status: 404, detail: "Not found" });
    expect(problemBody(418, "Odd").type).toBe("/developers#problem-bad-request");
  });
});

describe("cursors", () => {
  it.each([
    ["c1", 1],
    [encodeCursor(2_147_483_647), 2_147_483_647],
    ["c0", "The cursor is not one this API gave out"],
    ["1", "The cursor is not one this API gave out"],
    ["czzzzzzz", "The cursor is not one this API gave out"],
    ["c" + (2_147_483_648).toString(36), "The cursor is not one this API gave out"],
  ])("%s → %s", (cursor, expected) => {
    const parsed = PagingQuery.cursor.safeParse(cursor);
    expect(parsed.success ? parsed.data : parsed.error.issues[0]!.message).toBe(expected);
  });

  it("gives a next cursor only when a row past the page was read", () => {
    const rows = [{ id: 9 }, { id: 7 }, { id: 4 }];
    expect(paged(rows, 2, (row) => row.id)).toEqual({ data: [9, 7], next_cursor: encodeCursor(7) });
    expect(paged(rows, 3, (row) => row.id)).toEqual({ data: [9, 7, 4], next_cursor: null });
  });
});
