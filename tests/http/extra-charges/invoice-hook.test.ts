import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as issuing from "#models/invoices/issue.server.ts";
import { invoiceAfterChargesDecided } from "#models/invoices/issue.server.ts";
import { approve, pendingCharge, refuse, scene } from "./charge-fixtures.ts";

// Deciding the load's last pending charge lets its invoice go ahead (invoices/issue decides what
// that means: a held self-billed invoice raised, a draft re-read); a decision that leaves one
// pending does not. The hook is replaced here to see when it is called.
vi.mock("#models/invoices/issue.server.ts", async (original) => ({
  ...(await original<typeof issuing>()),
  invoiceAfterChargesDecided: vi.fn(async () => {}),
}));

beforeEach(() => vi.mocked(invoiceAfterChargesDecided).mockClear());

describe("the invoice after the last decision", () => {
  it("is called once the last pending charge is decided, not before", async () => {
    const s = await scene();
    const first = await pendingCharge(s);
    const second = await pendingCharge(s, { kind: "other", note: "Tolls", amountPence: 1_200 });
    await approve(s.shipperOffice, s.loadId, first).expect(303);
    expect(invoiceAfterChargesDecided).not.toHaveBeenCalled();
    await refuse(s.shipperOffice, s.loadId, second, "Tolls are in the price").expect(303);
    expect(invoiceAfterChargesDecided).toHaveBeenCalledExactlyOnceWith(s.loadId);
  });

  it("is not called for a refused post that changed nothing", async () => {
    const s = await scene();
    const chargeId = await pendingCharge(s);
    await refuse(s.shipperOffice, s.loadId, chargeId, "").expect(422);
    expect(invoiceAfterChargesDecided).not.toHaveBeenCalled();
  });
});
