import { describe, expect, it } from "vitest";
import { isNorthernIreland, needsCustomsPaperwork, type CustomsLocation } from "#domain/jobs/customs.ts";

const GB: CustomsLocation = { countryCode: "GB", region: "England", postCode: "LS1 4AP" };
const GB2: CustomsLocation = { countryCode: "GB", region: "Scotland", postCode: "G1 1XQ" };
const NI: CustomsLocation = { countryCode: "GB", region: "Northern Ireland", postCode: "BT1 5GS" };
const NI2: CustomsLocation = { countryCode: "GB", region: "Northern Ireland", postCode: "BT60 1AB" };
const FR: CustomsLocation = { countryCode: "FR", region: "Île-de-France", postCode: "75001" };
const IE: CustomsLocation = { countryCode: "IE", region: "Dublin", postCode: "D02 X285" };
const BLANK: CustomsLocation = { countryCode: "", region: "", postCode: "" };

describe("needsCustomsPaperwork", () => {
  it.each([
    { why: "no locations at all", pickups: [], deliveries: [], shown: false },
    { why: "no country filled", pickups: [BLANK], deliveries: [BLANK], shown: false },
    { why: "only one country filled", pickups: [GB], deliveries: [BLANK], shown: false },
    { why: "only one country filled, even if it is abroad", pickups: [BLANK], deliveries: [FR], shown: false },
    { why: "only one location, in NI", pickups: [], deliveries: [NI], shown: false },
    { why: "all GB", pickups: [GB], deliveries: [GB2], shown: false },
    { why: "all GB, several stops", pickups: [GB, GB2], deliveries: [GB2, GB], shown: false },
    { why: "GB → NI", pickups: [GB], deliveries: [NI], shown: true },
    { why: "GB → NI among GB deliveries", pickups: [GB], deliveries: [GB2, NI], shown: true },
    { why: "NI and GB pickups → NI", pickups: [NI, GB], deliveries: [NI2], shown: true },
    { why: "NI → NI", pickups: [NI], deliveries: [NI2], shown: false },
    { why: "NI → GB", pickups: [NI], deliveries: [GB], shown: false },
    { why: "NI → GB and NI", pickups: [NI], deliveries: [GB, NI2], shown: false },
    { why: "GB → FR", pickups: [GB], deliveries: [FR], shown: true },
    { why: "FR → GB", pickups: [FR], deliveries: [GB], shown: true },
    { why: "FR → FR", pickups: [FR], deliveries: [{ countryCode: "fr" }], shown: false },
    { why: "IE → NI (two countries)", pickups: [IE], deliveries: [NI], shown: true },
    { why: "two pickups in different countries, delivery blank", pickups: [GB, FR], deliveries: [BLANK], shown: true },
    { why: "a blank pickup is not 'a pickup outside NI'", pickups: [BLANK], deliveries: [NI, GB], shown: false },
    { why: "XI (HMRC's code for NI) → GB", pickups: [{ countryCode: "XI" }], deliveries: [GB], shown: false },
    { why: "GB → XI", pickups: [GB], deliveries: [{ countryCode: "XI" }], shown: true },
    { why: "UK is read as GB", pickups: [{ countryCode: "UK" }], deliveries: [GB], shown: false },
  ])("$why: shown = $shown", ({ pickups, deliveries, shown }) => {
    expect(needsCustomsPaperwork(pickups, deliveries)).toBe(shown);
  });
});

describe("isNorthernIreland", () => {
  it.each([
    { location: { countryCode: "GB", region: "Northern Ireland" }, ni: true },
    { location: { countryCode: "gb", region: " northern ireland " }, ni: true },
    { location: { countryCode: "GB", postCode: "BT7 1NN" }, ni: true },
    { location: { countryCode: "GB", postCode: "bt48 6AA" }, ni: true },
    { location: { countryCode: "UK", postCode: "BT1 1AA" }, ni: true },
    { location: { countryCode: "XI" }, ni: true },
    { location: { countryCode: "GB", region: "England", postCode: "LS1 4AP" }, ni: false },
    { location: { countryCode: "GB", postCode: "BTX" }, ni: false },
    { location: { countryCode: "GB", region: "Ireland" }, ni: false },
    { location: { countryCode: "IE", region: "Northern Ireland" }, ni: false },
    { location: { countryCode: "NI" }, ni: false },
    { location: { countryCode: "", postCode: "BT1 1AA" }, ni: false },
  ])("$location → $ni", ({ location, ni }) => {
    expect(isNorthernIreland(location)).toBe(ni);
  });
});
