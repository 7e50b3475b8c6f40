import { describe, expect, it } from "vitest";
import { isValidTimeZone, parseDateInput, parseDateTimeLocal, parseIsoDate, parseTimeOfDay, parseUkDate } from "#domain/format/date-input.ts";

describe("parseUkDate (strict dd/mm/yyyy)", () => {
  it.each([
    { input: "14/03/2027", iso: "2027-03-14" },
    { input: " 01/01/2027 ", iso: "2027-01-01" },
    { input: "29/02/2028", iso: "2028-02-29" },
    { input: "29/02/2027", iso: null },
    { input: "31/04/2027", iso: null },
    { input: "00/01/2027", iso: null },
    { input: "12/13/2027", iso: null },
    { input: "3/4/2027", iso: null },
    { input: "14/03/27", iso: null },
    { input: "14-03-2027", iso: null },
    { input: "2027-03-14", iso: null },
    { input: "14/03/2027x", iso: null },
    { input: "", iso: null },
    { input: undefined, iso: null },
  ])("'$input' → $iso", ({ input, iso }) => {
    expect(parseUkDate(input)).toBe(iso);
  });
});

describe("parseIsoDate and parseDateInput", () => {
  it.each([
    { input: "2027-03-14", iso: "2027-03-14", either: "2027-03-14" },
    { input: "2027-02-29", iso: null, either: null },
    { input: "14/03/2027", iso: null, either: "2027-03-14" },
    { input: "2027-3-14", iso: null, either: null },
    { input: "0999-01-01", iso: null, either: null },
  ])("'$input' → ISO $iso, either form $either", ({ input, iso, either }) => {
    expect(parseIsoDate(input)).toBe(iso);
    expect(parseDateInput(input)).toBe(either);
  });
});

describe("parseTimeOfDay and parseDateTimeLocal", () => {
  it.each([
    { input: "09:30", time: "09:30" },
    { input: "23:59:59", time: "23:59" },
    { input: "00:00", time: "00:00" },
    { input: "24:00", time: null },
    { input: "9:30", time: null },
    { input: "09:60", time: null },
    { input: "half nine", time: null },
  ])("time '$input' → $time", ({ input, time }) => {
    expect(parseTimeOfDay(input)).toBe(time);
  });

  it.each([
    { input: "2027-03-14T09:30", value: "2027-03-14T09:30" },
    { input: "2027-03-14T09:30:15", value: "2027-03-14T09:30" },
    { input: "2027-03-14 09:30", value: "2027-03-14T09:30" },
    { input: "2027-02-30T09:30", value: null },
    { input: "2027-03-14T25:00", value: null },
    { input: "2027-03-14", value: null },
    { input: "2027-03-14T09:30Z", value: null },
  ])("date and time '$input' → $value", ({ input, value }) => {
    expect(parseDateTimeLocal(input)).toBe(value);
  });
});

describe("isValidTimeZone", () => {
  it.each([
    { zone: "Europe/London", valid: true },
    { zone: "Europe/Warsaw", valid: true },
    { zone: "UTC", valid: true },
    { zone: "Mars/Olympus_Mons", valid: false },
    { zone: "", valid: false },
    { zone: undefined, valid: false },
  ])("$zone → $valid", ({ zone, valid }) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });
});
