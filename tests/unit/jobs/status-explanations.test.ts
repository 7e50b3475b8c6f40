import { describe, expect, it } from "vitest";
import { QUOTE_STATES } from "#domain/bidding/quote-state.ts";
import { CERTIFICATIONS } from "#domain/jobs/catalogue.ts";
import { JOB_STATUSES } from "#domain/jobs/status.ts";
import { CERTIFICATION_EXPLANATIONS, STATUS_EXPLANATIONS, certificationBadge, statusBadge, statusExplanation } from "#domain/jobs/status-explanations.ts";
import { LOAD_STATUSES } from "#domain/loads/status.ts";

const MARKUP = /[<>&]/;

describe("statusExplanation", () => {
  it.each([
    { kind: "job", status: "open", text: "Published as an open tender: carriers can quote until you award it." },
    { kind: "job", status: "live", text: "The auction is running: carriers can bid, or secure every load at the secure now price." },
    { kind: "job", status: "cancelled", text: "Withdrawn by the shipper: nobody can quote on it any more." },
    { kind: "quote", status: "outbid", text: "Cheaper quotes take all the loads now. Lower your price to win some again." },
    { kind: "quote", status: "won", text: "Accepted in the award: the loads it won are on your loads page." },
    { kind: "board", status: "quoted", text: "Your company's active quote on this job. Open the job to change or withdraw it." },
    { kind: "job", status: "outbid", text: "" },
    { kind: "quote", status: "open", text: "" },
    { kind: "job", status: "toString", text: "" },
    { kind: "job", status: "", text: "" },
  ] as const)("$kind $status → $text", ({ kind, status, text }) => {
    expect(statusExplanation(kind, status)).toBe(text);
  });

  it("explains every job status, quote state, stored quote status and load status", () => {
    for (const { value } of JOB_STATUSES) expect(statusExplanation("job", value)).not.toBe("");
    for (const { value } of QUOTE_STATES) expect(statusExplanation("quote", value)).not.toBe("");
    for (const value of ["active", "accepted", "declined", "withdrawn"]) expect(statusExplanation("bid", value)).not.toBe("");
    for (const value of LOAD_STATUSES) expect(statusExplanation("load", value)).not.toBe("");
  });

  it("holds no markup characters, since tooltips render their content as HTML", () => {
    const texts = [...Object.values(STATUS_EXPLANATIONS).flatMap((table) => Object.values(table)), ...Object.values(CERTIFICATION_EXPLANATIONS).flatMap((c) => [c.code, c.text])];
    for (const text of texts) expect(text).not.toMatch(MARKUP);
  });
});

describe("statusBadge", () => {
  it.each([
    { kind: "job", status: "live", label: undefined, badge: { status: "live", label: "Auction live", tooltip: "The auction is running: carriers can bid, or secure every load at the secure now price." } },
    { kind: "load", status: "driver_assigned", label: undefined, badge: { status: "driver_assigned", label: "Driver assigned", tooltip: "The carrier has named the driver; the goods are not collected yet." } },
    { kind: "bid", status: "declined", label: undefined, badge: { status: "declined", label: "Declined", tooltip: "Declined in the award: it won no loads." } },
    { kind: "quote", status: "outbid", label: undefined, badge: { status: "outbid", label: "Outbid", tooltip: "Cheaper quotes take all the loads now. Lower your price to win some again." } },
    { kind: "quote", status: "active", label: "Winning 2 loads", badge: { status: "active", label: "Winning 2 loads", tooltip: "The allocation rules give this quote loads as the quotes stand now." } },
  ] as const)("$kind $status: its label and its explanation", ({ kind, status, label, badge }) => {
    expect(statusBadge(kind, status, label)).toEqual(badge);
  });
});

describe("certificationBadge", () => {
  it.each([
    { value: "adr", code: "ADR", tooltipHtml: "<strong>ADR (dangerous goods)</strong> Driver and vehicle approved to carry dangerous goods by road under the ADR agreement." },
    { value: "fors_silver", code: "FORS Silver", tooltipHtml: "<strong>FORS Silver</strong> FORS with extra safety equipment and training for work near cyclists and pedestrians." },
    { value: "temperature_controlled", code: "ATP", tooltipHtml: "<strong>Temperature-controlled (ATP)</strong> Insulated or refrigerated equipment certified under the ATP agreement for perishable food." },
    { value: "clocs", code: "CLOCS", tooltipHtml: "<strong>CLOCS</strong> Construction Logistics and Community Safety: safe vehicles and drivers for construction sites." },
  ])("$value → $code", ({ value, code, tooltipHtml }) => {
    expect(certificationBadge(value)).toEqual({ code, tooltipHtml });
  });

  it("knows every certification of the job form, and nothing else", () => {
    for (const { value } of CERTIFICATIONS) expect(certificationBadge(value)?.code).toBeTruthy();
    expect(certificationBadge("hazmat")).toBeNull();
    expect(certificationBadge("constructor")).toBeNull();
  });
});
