import { describe, expect, it } from "vitest";
import { coordinatesLabel, nearestPlaceRequest, pickedItem, pickedPoint, pickedStatus, pinProps } from "../../../islands/map-picker/pick.ts";

describe("the picked point", () => {
  it.each([
    [53.79970123456, -1.54921987654, [53.799701, -1.54922]],
    [0.0000004, -0.0000006, [0, -0.000001]],
    [51.5, 0, [51.5, 0]],
  ] as const)("%f, %f is kept to 6 decimals: %j", (latitude, longitude, point) => {
    expect(pickedPoint(latitude, longitude)).toEqual(point);
  });

  it.each([
    ["/api/v1/nearest_place", "/api/v1/nearest_place?latitude=53.800000&longitude=-1.550000"],
    ["/api/v1/nearest_place?kind=delivery", "/api/v1/nearest_place?kind=delivery&latitude=53.800000&longitude=-1.550000"],
  ])("asks %s for the nearest place", (base, url) => {
    expect(nearestPlaceRequest(base, [53.8, -1.55])).toBe(url);
  });
});

describe("the item handed to the address form", () => {
  const point = [53.801234, -1.549876] as const;

  it("is the nearest place at the clicked point, with only the address form's fields", () => {
    const answer = {
      label: "Unit 4, Kirkstall Road, Leeds LS3 1LH", name: "Acme Ltd", address: "Unit 4, Kirkstall Road", city: "Leeds", post_code: "LS3 1LH",
      region: "West Yorkshire", country_code: "GB", latitude: 53.8, longitude: -1.55, distance_miles: 0.2,
    };
    expect(pickedItem(answer, point)).toEqual({
      label: "Unit 4, Kirkstall Road, Leeds LS3 1LH", name: "Acme Ltd", address: "Unit 4, Kirkstall Road", city: "Leeds", post_code: "LS3 1LH",
      region: "West Yorkshire", country_code: "GB", latitude: 53.801234, longitude: -1.549876,
    });
  });

  it("keeps a partial place partial", () => {
    expect(pickedItem({ label: "Leeds", city: "Leeds", latitude: 1, longitude: 2 }, point)).toEqual({ label: "Leeds", city: "Leeds", latitude: 53.801234, longitude: -1.549876 });
  });

  it.each([
    ["nothing near (404) or a failed lookup", null],
    ["an error answer", { error: "Nothing near" }],
    ["an empty label", { label: "" }],
    ["a list", [{ label: "Leeds" }]],
    ["text", "Leeds"],
  ])("is just the point, labelled by it, after %s", (_, answer) => {
    expect(pickedItem(answer, point)).toEqual({ label: "53.801234, -1.549876", latitude: 53.801234, longitude: -1.549876 });
  });

  it("labels whole coordinates with all 6 decimals", () => {
    expect(coordinatesLabel([54, -4])).toBe("54.000000, -4.000000");
  });
});

describe("the status line", () => {
  const at = { latitude: 53.8, longitude: -1.55 };
  it.each([
    [{ label: "Unit 4, Leeds LS3 1LH", city: "Leeds", name: "Acme Ltd", ...at }, "Pinned near Leeds"],
    [{ label: "Acme Ltd, LS3 1LH", name: "Acme Ltd", ...at }, "Pinned near Acme Ltd"],
    [{ label: "LS3 1LH", ...at }, "Pinned near LS3 1LH"],
    [{ label: "53.800000, -1.550000", ...at }, "Pinned at 53.800000, -1.550000"],
  ])("%j → %s", (item, text) => {
    expect(pickedStatus(item)).toBe(text);
  });
});

describe("the props of the job form's pin button", () => {
  const base = { label: "Pin the delivery", latitude: null, longitude: null, nearestPlaceUrl: "/api/v1/nearest_place" };

  it.each([
    ["53.8", "-1.55", { latitude: 53.8, longitude: -1.55 }],
    [" 51.5 ", "0", { latitude: 51.5, longitude: 0 }],
    ["", "", { latitude: null, longitude: null }],
    ["53.8", "", { latitude: null, longitude: null }],
    [null, undefined, { latitude: null, longitude: null }],
    ["95", "1", { latitude: null, longitude: null }],
    ["abc", "1", { latitude: null, longitude: null }],
  ])("fields %j, %j → %j", (latitude, longitude, expected) => {
    expect(pinProps(base, latitude, longitude)).toEqual({ ...base, ...expected });
  });

  it("keeps the stored coordinates when the fields are empty, and never changes the form's props", () => {
    const stored = { ...base, latitude: 54.1, longitude: -2.2 };
    expect(pinProps(stored, "", "")).toEqual(stored);
    expect(pinProps(stored, "53", "-1")).toEqual({ ...stored, latitude: 53, longitude: -1 });
    expect(stored.latitude).toBe(54.1);
  });
});
