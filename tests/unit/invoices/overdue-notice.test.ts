import { describe, expect, it } from "vitest";
import { isTimeToTellOverdue, latestDueDayToTell, overdueNoticeAt, overdueNoticeContent } from "#domain/invoices/overdue-notice.ts";

describe("when both offices are told an invoice is overdue: 08:00 UK time the morning after the due date, once, while unpaid", () => {
  it.each([
    { case: "on the due date itself", due: "2026-11-24", now: "2026-11-24T20:00:00Z", status: "issued", notified: false, tell: false },
    { case: "the day after, 07:59 GMT", due: "2026-11-24", now: "2026-11-25T07:59:59Z", status: "issued", notified: false, tell: false },
    { case: "the day after, 08:00 GMT", due: "2026-11-24", now: "2026-11-25T08:00:00Z", status: "issued", notified: false, tell: true },
    { case: "a week later (the first sweep after it)", due: "2026-11-24", now: "2026-12-01T03:00:00Z", status: "issued", notified: false, tell: true },
    { case: "summer: 08:00 BST is 07:00 UTC", due: "2027-06-30", now: "2027-07-01T07:00:00Z", status: "issued", notified: false, tell: true },
    { case: "summer: 07:59 BST", due: "2027-06-30", now: "2027-07-01T06:59:00Z", status: "issued", notified: false, tell: false },
    { case: "the morning the clocks go forward (08:00 BST = 07:00 UTC)", due: "2027-03-27", now: "2027-03-28T07:00:00Z", status: "issued", notified: false, tell: true },
    { case: "already told", due: "2026-11-24", now: "2026-11-26T09:00:00Z", status: "issued", notified: true, tell: false },
    { case: "paid", due: "2026-11-24", now: "2026-11-26T09:00:00Z", status: "paid", notified: false, tell: false },
    { case: "credited in full", due: "2026-11-24", now: "2026-11-26T09:00:00Z", status: "credited", notified: false, tell: false },
    { case: "a draft", due: "2026-11-24", now: "2026-11-26T09:00:00Z", status: "draft", notified: false, tell: false },
  ])("$case → $tell", ({ due, now, status, notified, tell }) => {
    expect(isTimeToTellOverdue({ status, dueDay: due, notified }, new Date(now))).toBe(tell);
  });

  it.each([
    { due: "2026-11-24", at: "2026-11-25T08:00:00.000Z" },
    { due: "2026-12-31", at: "2027-01-01T08:00:00.000Z" },
    { due: "2027-07-14", at: "2027-07-15T07:00:00.000Z" },
  ])("due $due → told from $at", ({ due, at }) => {
    expect(overdueNoticeAt(due).toISOString()).toBe(at);
  });

  it("checks due days up to yesterday; refuses a date it cannot read", () => {
    expect(latestDueDayToTell("2027-03-01")).toBe("2027-02-28");
    expect(() => overdueNoticeAt("24/11/2026")).toThrow(RangeError);
  });

  it("says who owes whom how much, since when, to each office", () => {
    const facts = { invoiceId: 7, number: "INV-000042", dueDate: new Date("2026-11-24T00:00:00Z"), owedPence: 123_456 };
    expect(overdueNoticeContent({ ...facts, counterpart: "Crunch Foods", side: "issuer" })).toEqual({
      kind: "invoice_overdue", title: "Invoice INV-000042 is overdue", body: "Crunch Foods has not paid £1,234.56, due on 24 November 2026.", path: "/invoices/7",
    });
    expect(overdueNoticeContent({ ...facts, counterpart: "Pennine Haulage", side: "customer" }).body).toBe("You have not paid Pennine Haulage £1,234.56, due on 24 November 2026.");
  });
});
