import { describe, expect, it } from "vitest";
import { fieldIdsOf } from "#pages/loads/error-links.server.ts";
import { listReturn, listReturnTo, loadsListHref } from "#pages/loads-list.server.ts";
import { isTicked } from "#pages/vehicles/form.server.ts";

describe("the loads list's addresses", () => {
  it("keep the job, the finished tab and a page past the first, in that order", () => {
    expect(loadsListHref("current", null)).toBe("/loads");
    expect(loadsListHref("finished", null)).toBe("/loads?show=finished");
    expect(loadsListHref("current", 7, 2)).toBe("/loads?job=7&page=2");
    expect(loadsListHref("finished", 7, 3)).toBe("/loads?job=7&show=finished&page=3");
    expect(loadsListHref("finished", 7, 1)).toBe("/loads?job=7&show=finished");
  });

  it("send a form back to the list page it came from, and nowhere else", () => {
    expect(listReturnTo(1)).toBe("/loads");
    expect(listReturnTo(4)).toBe("/loads?page=4");
    expect(listReturn({ return_to: listReturnTo(4) })).toEqual({ path: "/loads?page=4", page: 4 });
    expect(listReturn({ return_to: "/loads" })).toEqual({ path: "/loads", page: 1 });
    for (const elsewhere of ["/loads/5", "https://example.com/loads", "/loads?page=0", "/loads?job=1", "//loads"]) {
      expect(listReturn({ return_to: elsewhere })).toBeNull();
    }
    expect(listReturn(undefined)).toBeNull();
  });
});

describe("error summary links", () => {
  it("link the named fields only", () => {
    const idFor = fieldIdsOf({ driver_id: "load_driver_id" });
    expect(idFor("driver_id")).toBe("load_driver_id");
    expect(idFor("base")).toBeNull();
    expect(idFor("constructor")).toBeNull();
  });
});

describe("the vehicle form's boxes", () => {
  it.each([[true, true], ["1", true], ["on", true], ["TRUE", true], ["yes", true], [false, false], ["0", false], ["", false], [undefined, false], [null, false]])(
    "%s reads as ticked: %s",
    (value, ticked) => expect(isTicked(value)).toBe(ticked),
  );
});
