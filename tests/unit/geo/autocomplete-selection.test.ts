import { describe, expect, it } from "vitest";
import { hasPlace, selectionText } from "#domain/geo/autocomplete-selection.ts";

describe("a chosen address suggestion", () => {
  it("leaves its plain value in the address line when it carries one, else its label", () => {
    expect(selectionText({ label: "Our Leeds depot", value: "LS1 4AP" })).toBe("LS1 4AP");
    expect(selectionText({ label: "Leeds, England, UK", city: "Leeds" })).toBe("Leeds, England, UK");
    expect(selectionText({ label: "Leeds", value: "   " })).toBe("Leeds");
  });

  it("knows its place from any address part or a point, and not from a value or a name alone", () => {
    expect(hasPlace({ label: "x", city: "Leeds" })).toBe(true);
    expect(hasPlace({ label: "x", post_code: "LS1 4AP" })).toBe(true);
    expect(hasPlace({ label: "x", latitude: 53.8, longitude: -1.55 })).toBe(true);
    expect(hasPlace({ label: "x", value: "LS1 4AP", name: "Depot" })).toBe(false);
    expect(hasPlace({ label: "x", city: " " })).toBe(false);
  });
});
