import net from "node:net";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { startServer } from "#server/start.server.ts";

describe("a start that fails", () => {
  it("answers with the error and gives back what it had opened, so the next start works", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as net.AddressInfo;
    const env = (PORT: string) => parseEnv({ ...process.env, PORT, HOST: "127.0.0.1", SEED_DEMO_DATA: "false" });
    try {
      await expect(startServer(env(String(port)), createLogger("silent"))).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      taken.close();
    }
    const running = await startServer(env("0"), createLogger("silent"));
    expect((await fetch(`${running.url}/up`)).status).toBe(200);
    await running.close();
  });
});
