import { describe, expect, it } from "vitest";
import { mapProps, type MapProps } from "#domain/maps/map-props.ts";
import { PICKER, SINGLE_MARKER_ZOOM } from "#domain/maps/markers.ts";
import { encodePolyline, type LatLng } from "#domain/maps/polyline.ts";
import { pointAlong } from "#domain/maps/route.ts";
import { mapPlan, progressPoint, viewOf } from "../../../islands/map/plan.ts";

const LEEDS: LatLng = [53.7997, -1.5492];
const YORK: LatLng = [53.9591, -1.0815];
const HULL: LatLng = [53.7676, -0.3274];
const MANCHESTER: LatLng = [53.4808, -2.2426];

const marker = (point: LatLng, type: "pickup" | "delivery" | "inactive", title: string) => ({ latitude: point[0], longitude: point[1], type, title });

// The props as the server sends them (checked by the island's own shape check).
const props = (overrides: Partial<MapProps> = {}): MapProps =>
  mapProps({
    label: "Route of load 12",
    markers: [marker(LEEDS, "pickup", "Leeds"), marker(YORK, "delivery", "York"), marker(HULL, "delivery", "Hull")],
    polylines: [encodePolyline([LEEDS, YORK]), encodePolyline([YORK, HULL])],
    multiplePolylines: false,
    disablePolylines: false,
    routeProgress: null,
    padding: 20,
    activeMarkerTitle: null,
    tiles: { url: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap" },
    trackingElementId: null,
    ...overrides,
  });

describe("the map's markers", () => {
  it.each([
    [null, [["A", "pickup", "green"], ["B", "delivery", "red"], ["C", "delivery", "red"]]],
    ["Hull", [["A", "pickup", "green"], ["B", "inactive", "grey"], ["C", "delivery", "red"]]],
    ["Leeds", [["A", "pickup", "green"], ["B", "inactive", "grey"], ["C", "inactive", "grey"]]],
  ] as const)("active marker %s: letters, types and colours in order", (activeMarkerTitle, expected) => {
    const drawn = mapPlan(props({ activeMarkerTitle })).markers;
    expect(drawn.map((m) => [m.letter, m.type, m.colour])).toEqual(expected);
    expect(drawn.map((m) => [m.title, m.position])).toEqual([["Leeds", LEEDS], ["York", YORK], ["Hull", HULL]]);
  });
});

describe("the route lines", () => {
  it.each([
    ["one route: the polylines joined", {}, [[LEEDS, YORK, YORK, HULL]]],
    ["each polyline on its own", { multiplePolylines: true }, [[LEEDS, YORK], [YORK, HULL]]],
    ["none when disabled", { disablePolylines: true }, []],
    ["none when disabled, even several", { disablePolylines: true, multiplePolylines: true }, []],
    ["none without polylines", { polylines: [] }, []],
    ["no line of a single point", { polylines: [encodePolyline([LEEDS])] }, []],
    ["single-point polylines joined make a line", { polylines: [encodePolyline([LEEDS]), encodePolyline([HULL])] }, [[LEEDS, HULL]]],
    ["a single-point polyline among several is left out", { multiplePolylines: true, polylines: [encodePolyline([LEEDS]), encodePolyline([YORK, HULL])] }, [[YORK, HULL]]],
  ] as [string, Partial<MapProps>, LatLng[][]][])("%s", (_, overrides, routes) => {
    expect(mapPlan(props(overrides)).routes).toEqual(routes);
  });
});

describe("the progress marker", () => {
  const route = [LEEDS, YORK, YORK, HULL];

  it.each([0, 25, 50, 99.5, 100])("stands %f%% of the way (in miles) along the one route", (routeProgress) => {
    const plan = mapPlan(props({ routeProgress }));
    expect(plan.progress).toEqual(pointAlong(route, routeProgress));
  });

  it.each([
    ["progress unknown", { routeProgress: null }],
    ["each polyline its own route", { routeProgress: 40, multiplePolylines: true }],
    ["no route", { routeProgress: 40, polylines: [] }],
    ["a route of one point", { routeProgress: 40, polylines: [encodePolyline([LEEDS])] }],
  ] as [string, Partial<MapProps>][])("is not drawn with %s", (_, overrides) => {
    expect(mapPlan(props(overrides)).progress).toBeNull();
  });

  it("is measured along the route even when its lines are not drawn", () => {
    expect(mapPlan(props({ routeProgress: 100, disablePolylines: true })).progress).toEqual(HULL);
  });

  it("moves with live progress along the same route, and has nowhere to go without one", () => {
    const plan = mapPlan(props({ routeProgress: 10 }));
    expect(progressPoint(plan, 100)).toEqual(HULL);
    expect(progressPoint(plan, 60)).toEqual(pointAlong(route, 60));
    expect(progressPoint(mapPlan(props({ multiplePolylines: true })), 60)).toBeNull();
    expect(progressPoint(mapPlan(props({ polylines: [] })), 60)).toBeNull();
  });
});

describe("where the map looks", () => {
  it.each([
    ["no markers: the picker's start", [], { kind: "centre", centre: PICKER.center, zoom: PICKER.zoom }],
    ["one marker: centred on it", [LEEDS], { kind: "centre", centre: LEEDS, zoom: SINGLE_MARKER_ZOOM }],
    ["markers at one spot: as one", [LEEDS, LEEDS], { kind: "centre", centre: LEEDS, zoom: SINGLE_MARKER_ZOOM }],
    ["several: all in view with the padding", [LEEDS, MANCHESTER], { kind: "bounds", points: [LEEDS, MANCHESTER], padding: 30 }],
  ] as const)("%s", (_, points, view) => {
    expect(viewOf(points, 30)).toEqual(view);
  });

  it("fits the markers with the props' padding", () => {
    expect(mapPlan(props({ padding: 12 })).view).toEqual({ kind: "bounds", points: [LEEDS, YORK, HULL], padding: 12 });
    expect(mapPlan(props({ markers: [marker(YORK, "delivery", "York")] })).view).toEqual({ kind: "centre", centre: YORK, zoom: SINGLE_MARKER_ZOOM });
  });
});
