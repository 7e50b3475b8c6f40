import { z } from "zod";

// The named schemas of the OpenAPI document's components: what callers send (read as the input the
// schemas accept) and what they get back (read as the output). The routes parse with these very
// schemas, so the document describes what the code does.

export type SchemaMeta = { id: string; description?: string };

export const requestSchemas = z.registry<SchemaMeta>();
export const responseSchemas = z.registry<SchemaMeta>();

export function requestSchema<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  requestSchemas.add(schema, description ? { id, description } : { id });
  return schema;
}

export function responseSchema<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  responseSchemas.add(schema, description ? { id, description } : { id });
  return schema;
}
