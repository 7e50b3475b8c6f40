import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import { apiClient, clientFor, keyFor } from "../../support/api-client.ts";

describe("API keys on the API", () => {
  it("refuses a call with no key: 401, a problem document and a Bearer challenge", async () => {
    const api = await apiClient(null);
    const { response, error } = await api.GET("/jobs");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="Loadline API"');
    expect(error).toEqual({ type: "/developers#problem-unauthorized", title: "A valid API key is needed", status: 401, detail: "Send your API key as Authorization: Bearer <key>" });
  });

  it("refuses an unknown key", async () => {
    const api = await apiClient("ll_live_0000000000000000000000000000000x");
    const { response, error } = await api.GET("/jobs");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="Loadline API", error="invalid_token"');
    expect(error?.detail).toBe("This API key is unknown, revoked or expired");
  });

  it("refuses a revoked key at once", async () => {
    const shipper = await createShipper();
    const key = await keyFor(shipper);
    const api = await apiClient(key);
    expect((await api.GET("/jobs")).response.status).toBe(200);
    await db().apiKey.updateMany({ where: { accountId: shipper.accountId }, data: { revokedAt: new Date() } });
    const { response, error } = await api.GET("/jobs");
    expect(response.status).toBe(401);
    expect(error?.detail).toBe("This API key is unknown, revoked or expired");
  });

  it("refuses an expired key", async () => {
    const shipper = await createShipper();
    const api = await apiClient(await keyFor(shipper, ["jobs:read"], new Date(Date.now() - 1000)));
    const { response } = await api.GET("/jobs");
    expect(response.status).toBe(401);
  });

  it("refuses the key of someone removed from the account", async () => {
    const shipper = await createShipper();
    const api = await apiClient(await keyFor(shipper));
    await db().user.update({ where: { id: shipper.id }, data: { removedAt: new Date() } });
    expect((await api.GET("/jobs")).response.status).toBe(401);
  });

  it("does not read a session cookie", async () => {
    const api = await apiClient(null);
    const { response } = await api.GET("/jobs", { headers: { Cookie: "loadline.sid=whatever" } });
    expect(response.status).toBe(401);
  });

  it("notes when a key was last used, at most once a minute", async () => {
    const shipper = await createShipper();
    const api = await apiClient(await keyFor(shipper));
    await api.GET("/jobs");
    const first = await db().apiKey.findFirstOrThrow({ where: { accountId: shipper.accountId } });
    expect(first.lastUsedAt).not.toBeNull();
    await api.GET("/jobs");
    const second = await db().apiKey.findFirstOrThrow({ where: { accountId: shipper.accountId } });
    expect(second.lastUsedAt?.getTime()).toBe(first.lastUsedAt?.getTime());
  });

  it("answers 404 as a problem for an endpoint that does not exist", async () => {
    const shipper = await createShipper();
    const api = await clientFor(shipper);
    const { response, error } = await api.GET("/nothing" as "/jobs");
    expect(response.status).toBe(404);
    expect(error?.detail).toBe("There is no endpoint GET /api/v2/nothing");
  });
});
