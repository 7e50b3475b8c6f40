// The API's tests talk to a real server through the client generated from its OpenAPI document
// (openapi-fetch over tests/support/api-schema.d.ts), as an integrator's code would.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import createClient from "openapi-fetch";
import { afterAll } from "vitest";
import type { ApiScope } from "#domain/api/scopes.ts";
import { createApiKey } from "#models/api-keys.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import type { paths } from "./api-schema.d.ts";
import { testApp } from "./app.ts";

export type ApiClient = ReturnType<typeof createClient<paths>>;

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The app (the real one unless given) listening on 127.0.0.1; its origin. */
export async function listening(app: Express = testApp()): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let origin: Promise<string> | undefined;

/** A client calling /api/v2 with this key (or none). */
export async function apiClient(key: string | null, base?: string): Promise<ApiClient> {
  origin ??= listening();
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  return createClient<paths>({ baseUrl: `${base ?? (await origin)}/api/v2`, headers });
}

export const ALL_SCOPES: ApiScope[] = ["jobs:read", "jobs:write", "quotes:read", "quotes:write", "loads:read", "loads:write", "invoices:read", "webhooks:write"];

/** A key made by this user (as its page would), with these scopes; its secret. */
export async function keyFor(user: CurrentUser, scopes: ApiScope[] = ALL_SCOPES, expiresAt: Date | null = null, name = "Test key"): Promise<string> {
  const admin = { ...user, role: "admin" };
  const key = await createApiKey(admin, { name, scopes, expiresAt });
  if (user.role !== "admin") {
    const { db } = await import("#db/client.server.ts");
    await db().apiKey.update({ where: { id: key.id }, data: { createdById: user.id } });
  }
  return key.secret;
}

/** The client for a new key of this user's. */
export async function clientFor(user: CurrentUser, scopes: ApiScope[] = ALL_SCOPES): Promise<ApiClient> {
  return apiClient(await keyFor(user, scopes));
}
