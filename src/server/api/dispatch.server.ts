import { Router, type Request, type Response } from "express";
import type { z } from "zod";
import type { FieldError } from "#domain/api/problems.ts";
import { expressPath, type RouteSpec } from "#domain/api/route-spec.ts";
import type { ApiCaller } from "#models/api-keys.server.ts";
import { callerIn, requireScope } from "#server/api/authenticate.server.ts";
import { oncePerKey } from "#server/api/idempotency.server.ts";
import { Problem, sendAnswer, type Answer } from "#server/api/problem.server.ts";

// The router built from the route table: for each entry, the scope checked, the query and body read
// by the entry's schemas (422 with each field's message), the handler run (once per Idempotency-Key
// for a POST), and its answer sent as JSON.

type Out<S, K extends "query" | "body"> = S extends { [P in K]: infer T extends z.ZodType } ? z.output<T> : undefined;

export type ApiCall<S extends RouteSpec> = {
  caller: ApiCaller;
  params: Record<string, string>;
  query: Out<S, "query">;
  body: Out<S, "body">;
};

export type FileAnswer = { status: 200; file: Buffer; type: string; filename: string };
export type Handler<S extends RouteSpec> = (call: ApiCall<S>) => Promise<Answer | FileAnswer>;
export type Handlers<R extends Record<string, RouteSpec>> = { [Id in keyof R]: Handler<R[Id]> };

function issuesOf(error: z.ZodError, where: string): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || where, message: issue.message }));
}

function read<S extends z.ZodType | undefined>(schema: S, value: unknown, where: string) {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const errors = issuesOf(parsed.error, where);
  throw new Problem(422, errors.length === 1 ? errors[0]!.message : `${errors.length} fields have problems; see errors`, errors);
}

const isFile = (answer: Answer | FileAnswer): answer is FileAnswer => "file" in answer;

function handle<S extends RouteSpec>(spec: S, handler: Handler<S>) {
  return async (req: Request, res: Response) => {
    const caller = callerIn(res);
    requireScope(caller, spec.scope);
    const callOf = () => ({ caller, params: req.params as Record<string, string>, query: read(spec.query, req.query, "query"), body: read(spec.body, req.body, "body") }) as ApiCall<S>;
    const run = async (): Promise<Answer> => {
      const answer = await handler(callOf());
      if (isFile(answer)) throw new Error("A file answer cannot be kept for a retry");
      return answer;
    };
    if (spec.method === "post") {
      const answer = await oncePerKey(req, caller, run);
      return sendAnswer(res, answer, answer.headers);
    }
    const answer = await handler(callOf());
    if (!isFile(answer)) return sendAnswer(res, answer);
    res.status(200).type(answer.type).attachment(answer.filename).set("Cache-Control", "private, no-store").send(answer.file);
  };
}

export function routerOf<R extends Record<string, RouteSpec>>(routes: R, handlers: Handlers<R>): Router {
  const router = Router();
  for (const id of Object.keys(routes) as (keyof R & string)[]) {
    const spec = routes[id]!;
    router[spec.method](expressPath(spec.path), handle(spec, handlers[id]));
  }
  return router;
}
