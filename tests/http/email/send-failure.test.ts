import { describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { minutesFromNow, sweep } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

vi.mock("#lib/mailer.server.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), sendMail: vi.fn() }));

describe("an e-mail that cannot be sent", () => {
  it("is not recorded as sent, so the next run sends it", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Retry to Ripon" });
    const quote = await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 30_000, numberOfLoads: 1, status: "active" } });
    await notify({ kind: "quote_received", jobId: job.id, quoteId: quote.id });
    const mail = vi.mocked(sendMail);

    mail.mockRejectedValueOnce(new Error("SMTP is down"));
    expect(await sweep(minutesFromNow(16))).toBe(0);
    expect(await db().sentEmail.count({ where: { userId: shipper.id } })).toBe(0);
    expect(await db().emailItem.findFirstOrThrow({ where: { userId: shipper.id } })).toMatchObject({ emailId: null });

    mail.mockResolvedValueOnce(undefined);
    expect(await sweep(minutesFromNow(17))).toBe(1);
    expect(mail).toHaveBeenLastCalledWith(
      expect.objectContaining({ to: shipper.email, subject: "1 new quote on Retry to Ripon", headers: expect.objectContaining({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }) }),
    );
    expect(await db().sentEmail.count({ where: { userId: shipper.id } })).toBe(1);
  });
});
