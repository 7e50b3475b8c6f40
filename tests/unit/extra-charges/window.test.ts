import { describe, expect, it } from "vitest";
import { CHARGE_WINDOW_MESSAGES as M, addingProblem, decidingProblem, isIssuedInvoiceStatus } from "#domain/extra-charges/window.ts";

// Charges change from the load's delivery until its invoice is issued (a draft is not issued).

describe("adding", () => {
  it.each([
    { loadStatus: "delivered", invoiceIssued: false, problem: null },
    { loadStatus: "delivered", invoiceIssued: true, problem: M.invoiced },
    { loadStatus: "collected", invoiceIssued: false, problem: M.notDelivered },
    { loadStatus: "driver_assigned", invoiceIssued: false, problem: M.notDelivered },
    { loadStatus: "cancelled", invoiceIssued: false, problem: M.notDelivered },
  ])("a $loadStatus load, invoice issued: $invoiceIssued → $problem", ({ loadStatus, invoiceIssued, problem }) => {
    expect(addingProblem({ loadStatus, invoiceIssued })).toBe(problem);
  });
});

describe("deciding", () => {
  it.each([
    { chargeStatus: "pending", invoiceIssued: false, problem: null },
    { chargeStatus: "pending", invoiceIssued: true, problem: M.invoiced },
    { chargeStatus: "approved", invoiceIssued: false, problem: "This charge has already been approved" },
    { chargeStatus: "refused", invoiceIssued: false, problem: "This charge has already been refused" },
    { chargeStatus: "approved", invoiceIssued: true, problem: M.invoiced },
  ])("a $chargeStatus charge, invoice issued: $invoiceIssued → $problem", ({ chargeStatus, invoiceIssued, problem }) => {
    expect(decidingProblem({ chargeStatus, invoiceIssued })).toBe(problem);
  });
});

describe("an issued invoice", () => {
  it.each([
    ["draft", false], ["issued", true], ["paid", true], ["credited", true],
  ])("%s → %s", (status, issued) => {
    expect(isIssuedInvoiceStatus(status)).toBe(issued);
  });
});
