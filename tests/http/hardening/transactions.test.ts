import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { Gate } from "#db/serialized-adapter.server.ts";
import { createShipper } from "../../support/fixtures.ts";

// One SQLite connection serves every request. A transaction that awaits something else must not
// take other requests' statements into itself.
describe("a transaction and the statements of other requests", () => {
  it("keeps another request's write when the transaction rolls back, and hides its uncommitted rows", async () => {
    const owner = await createShipper({ company: "Before" });
    const bystander = await createShipper({ company: "Bystander" });
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));

    const transaction = db()
      .$transaction(async (tx) => {
        await tx.account.update({ where: { id: owner.accountId }, data: { name: "Uncommitted" } });
        await holding; // non-database work: a geocode, a render, a timer
        throw new Error("changed my mind");
      })
      .catch((error: Error) => error.message);

    await sleep(20);
    // Prisma queries are lazy: `.then` sends them now, while the transaction is still open.
    const write = db().account.update({ where: { id: bystander.accountId }, data: { name: "Written meanwhile" } }).then((account) => account);
    const read = db().account.findUniqueOrThrow({ where: { id: owner.accountId } }).then((account) => account);
    await sleep(20);
    release();

    expect(await transaction).toBe("changed my mind");
    expect((await read).name).toBe("Before");
    await write;
    expect((await db().account.findUniqueOrThrow({ where: { id: bystander.accountId } })).name).toBe("Written meanwhile");
    expect((await db().account.findUniqueOrThrow({ where: { id: owner.accountId } })).name).toBe("Before");
  });
});

describe("the gate", () => {
  it("lets one holder in at a time, first come first served", async () => {
    const gate = new Gate();
    const order: string[] = [];
    const first = await gate.acquire();
    const second = gate.run(async () => void order.push("second"));
    const third = gate.run(async () => void order.push("third"));
    await sleep(5);
    expect(order).toEqual([]);
    first();
    await Promise.all([second, third]);
    expect(order).toEqual(["second", "third"]);
  });

  it("opens again when the work fails", async () => {
    const gate = new Gate();
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
