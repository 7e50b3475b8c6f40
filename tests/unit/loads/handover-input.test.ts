import { describe, expect, it } from "vitest";
import { CollectionInputSchema, POSITION_HALVED, POSITION_OFF_EARTH, positionOf } from "#domain/loads/handover-input.ts";

describe("CollectionInputSchema", () => {
  it.each([
    { posted: {}, read: { latitude: undefined, longitude: undefined, confirmed: false }, position: null },
    { posted: { latitude: "", longitude: "" }, read: { latitude: undefined, longitude: undefined, confirmed: false }, position: null },
    { posted: { latitude: "53.8", longitude: "-1.55", confirmed: "1" }, read: { latitude: 53.8, longitude: -1.55, confirmed: true }, position: { latitude: 53.8, longitude: -1.55 } },
    { posted: { confirmed: "0" }, read: { latitude: undefined, longitude: undefined, confirmed: false }, position: null },
  ])("reads $posted", ({ posted, read, position }) => {
    const input = CollectionInputSchema.parse(posted);
    expect(input).toEqual(read);
    expect(positionOf(input)).toEqual(position);
  });

  it.each([
    { posted: { latitude: "53.8" }, message: POSITION_HALVED },
    { posted: { latitude: "91", longitude: "0" }, message: POSITION_OFF_EARTH },
    { posted: { latitude: "north", longitude: "0" }, message: POSITION_OFF_EARTH },
  ])("refuses $posted", ({ posted, message }) => {
    const parsed = CollectionInputSchema.safeParse(posted);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["latitude", message]]);
  });
});
