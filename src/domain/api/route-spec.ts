import type { z } from "zod";
import type { ProblemStatus } from "./problems.ts";
import type { ApiScope } from "./scopes.ts";

// One entry per endpoint: its method, path (OpenAPI's `{id}` form), the scope it needs, and the
// schemas of its query, body and answer. The router is built from these entries and so is the
// OpenAPI document, so the two cannot tell different stories.

export type ApiMethod = "get" | "post" | "patch" | "delete";

export type RouteSpec = {
  method: ApiMethod;
  path: `/${string}`;
  summary: string;
  description?: string;
  tag: string;
  scope: ApiScope | null;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: { status: 200 | 201; description: string } & ({ schema: z.ZodType } | { pdf: true });
  refusals: readonly ProblemStatus[];
};

/** The path's parameters, in order: "/jobs/{id}/quotes" → ["id"]. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** The path as Express writes it: "/jobs/{id}" → "/jobs/:id". */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
