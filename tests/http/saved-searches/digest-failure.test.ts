import { describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

vi.mock("#lib/mailer.server.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), sendMail: vi.fn() }));

describe("a digest that cannot be sent", () => {
  it("is not marked sent, so the next run sends it", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    await db().savedSearch.create({ data: { userId: carrier.id, name: "Anything to Failshire", filters: savedFilters.serialise(savedFilters.fromQuery({ delivery_region: "GB:Failshire" })) } });
    const job = await createJob(shipper.accountId, shipper.id, { delivery: { city: "Fail", countryCode: "GB", region: "Failshire" } });
    await recordMatches(job.id);
    const mail = vi.mocked(sendMail);

    mail.mockRejectedValueOnce(new Error("SMTP is down"));
    expect(await sendHourlyDigests(new Date(), "https://loadline.example")).toBe(0);
    expect(await db().savedSearchMatch.findFirstOrThrow({ where: { jobId: job.id } })).toMatchObject({ emailedAt: null });

    mail.mockResolvedValueOnce(undefined);
    expect(await sendHourlyDigests(new Date(), "https://loadline.example")).toBe(1);
    expect(mail).toHaveBeenLastCalledWith(expect.objectContaining({ to: carrier.email, subject: "1 new job matches your saved searches" }));
    expect((await db().savedSearchMatch.findFirstOrThrow({ where: { jobId: job.id } })).emailedAt).toBeInstanceOf(Date);
  });
});
