import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import session from "express-session";
import { afterAll, describe, expect, it } from "vitest";
import { sessionSavedFirst } from "#server/session-saved-first.server.ts";

// A session store that takes 50 ms to save, as a busy database may: the response's head must not
// leave before the save is done, or a client following the redirect arrives before its session.
class SlowStore extends session.MemoryStore {
  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    setTimeout(() => super.set(sid, data, callback), 50);
  }
}

function appWith(savedFirst: boolean) {
  const store = new SlowStore();
  const app = express();
  app.use(session({ secret: "test", store, resave: false, saveUninitialized: false }));
  if (savedFirst) app.use(sessionSavedFirst);
  app.post("/sign_in", (req, res) => req.session.regenerate(() => {
    (req.session as unknown as { userId: number }).userId = 7;
    res.redirect(303, "/dashboard");
  }));
  app.post("/flash", (req, res) => {
    (req.session as unknown as { flash: string }).flash = "Saved";
    res.redirect(303, "/back");
  });
  const server = app.listen(0, "127.0.0.1");
  return { store, server };
}

/** The store's copy of the session the response's cookie names, read the moment the head arrives. */
function storedWhenHeadArrives(server: http.Server, store: session.MemoryStore, path: string): Promise<unknown> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST" }, (response) => {
      const sid = /connect\.sid=s:([^.]+)\./.exec(decodeURIComponent(response.headers["set-cookie"]?.join(";") ?? ""))?.[1];
      if (!sid) return reject(new Error("No session cookie"));
      store.get(sid, (err, stored) => (err ? reject(err) : resolve(stored ?? null)));
      response.resume();
    });
    request.on("error", reject);
    request.end();
  });
}

describe("a changed session is saved before the response leaves", () => {
  const apps = [appWith(true), appWith(false)];
  afterAll(() => apps.forEach(({ server }) => server.close()));

  it("after a sign-in: the redirect's head arrives with the new session already stored", async () => {
    const { server, store } = apps[0]!;
    expect(await storedWhenHeadArrives(server, store, "/sign_in")).toMatchObject({ userId: 7 });
  });

  it("without it, express-session sends the head first (the race this closes)", async () => {
    const { server, store } = apps[1]!;
    expect(await storedWhenHeadArrives(server, store, "/sign_in")).toBeNull();
  });

  it("after a write that leaves a flash message in a new session", async () => {
    const { server, store } = apps[0]!;
    expect(await storedWhenHeadArrives(server, store, "/flash")).toMatchObject({ flash: "Saved" });
  });
});
