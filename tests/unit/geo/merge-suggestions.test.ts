import { describe, expect, it } from "vitest";
import { AUTOCOMPLETE_MIN_LENGTH, HIDE_ON_BLUR_MS, mergeSuggestions } from "#domain/geo/merge-suggestions.ts";

const item = (label: string, name?: string) => (name ? { label, name } : { label });

describe("mergeSuggestions (local defaults first, duplicates by label removed)", () => {
  it.each([
    { why: "nothing at all", defaults: [], remote: [], labels: [] },
    { why: "only defaults", defaults: ["Depot A", "Depot B"], remote: [], labels: ["Depot A", "Depot B"] },
    { why: "only remote", defaults: [], remote: ["Leeds, England, UK"], labels: ["Leeds, England, UK"] },
    { why: "defaults before remote", defaults: ["Depot A"], remote: ["Leeds, England, UK", "Leicester, England, UK"], labels: ["Depot A", "Leeds, England, UK", "Leicester, England, UK"] },
    { why: "a remote item with a default's label is dropped", defaults: ["Leeds, England, UK"], remote: ["Leeds, England, UK", "Luton, England, UK"], labels: ["Leeds, England, UK", "Luton, England, UK"] },
    { why: "duplicates within the remote list go too", defaults: [], remote: ["Bath, England, UK", "Bath, England, UK"], labels: ["Bath, England, UK"] },
    { why: "labels compare exactly", defaults: ["leeds"], remote: ["Leeds"], labels: ["leeds", "Leeds"] },
  ])("$why", ({ defaults, remote, labels }) => {
    expect(mergeSuggestions(defaults.map((l) => item(l)), remote.map((l) => item(l))).map((i) => i.label)).toEqual(labels);
  });

  it("keeps the default's own item when a remote one shares its label", () => {
    const merged = mergeSuggestions([item("HQ", "Acme Ltd")], [item("HQ", "Someone else")]);
    expect(merged).toEqual([{ label: "HQ", name: "Acme Ltd" }]);
  });

  it("suggests from the first keystroke (even on focus) and hides 200 ms after the field loses focus, so a click on a suggestion lands", () => {
    expect(AUTOCOMPLETE_MIN_LENGTH).toBe(0);
    expect(HIDE_ON_BLUR_MS).toBe(200);
  });
});
