import { foldName } from "../fold.ts";
import type { UkRegion } from "./uk-postcode-areas.ts";

// The UK, the Crown Dependencies, and the EU, EEA and Switzerland: where a UK haulier drives.
export const UK_AND_CROWN_DEPENDENCIES = ["GB", "GG", "JE", "IM"] as const;
export const EUROPE = [
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL",
  "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO", "CH",
] as const;

export const GB_REGIONS: Record<string, UkRegion> = { ENG: "England", SCT: "Scotland", WLS: "Wales", NIR: "Northern Ireland" };

// Each country's own languages, so "Deutschland" and "Nederland" name a country as well as "Germany".
const LOCAL_LANGUAGES: Record<string, string[]> = {
  AT: ["de"], BE: ["nl", "fr", "de"], BG: ["bg"], HR: ["hr"], CY: ["el", "tr"], CZ: ["cs"], DK: ["da"], EE: ["et"],
  FI: ["fi", "sv"], FR: ["fr"], DE: ["de"], GR: ["el"], HU: ["hu"], IE: ["ga"], IT: ["it"], LV: ["lv"], LT: ["lt"],
  LU: ["fr", "de", "lb"], MT: ["mt"], NL: ["nl"], PL: ["pl"], PT: ["pt"], RO: ["ro"], SK: ["sk"], SI: ["sl"], ES: ["es"],
  SE: ["sv"], IS: ["is"], LI: ["de"], NO: ["nb", "nn"], CH: ["de", "fr", "it"],
};

const EXTRA_ALIASES: Record<string, string[]> = {
  GB: ["UK", "U.K.", "Great Britain", "Britain"],
  NL: ["Holland", "The Netherlands"],
  CZ: ["Czech Republic"],
  IE: ["Republic of Ireland", "Eire"],
};

const englishNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

export function countryName(code: string): string {
  return code === "GB" ? "United Kingdom" : (englishNames.of(code) ?? code);
}

/** Every name a covered country goes by (its code too), for reading it out of typed addresses. */
export function countryAliases(code: string): string[] {
  const local = (LOCAL_LANGUAGES[code] ?? []).map((language) => new Intl.DisplayNames([language], { type: "region" }).of(code));
  return [code, countryName(code), ...local, ...(EXTRA_ALIASES[code] ?? [])].filter((name): name is string => Boolean(name));
}

let countryKeys: Map<string, string> | undefined;

/** The country a typed name or code stands for ("Deutschland", "uk", "NL"), among the covered ones. */
export function countryCodeFor(text: string): string | null {
  countryKeys ??= new Map(
    [...UK_AND_CROWN_DEPENDENCIES, ...EUROPE].flatMap((code) => countryAliases(code).map((alias) => [foldName(alias), code] as const)),
  );
  return countryKeys.get(foldName(text)) ?? null;
}

const REGION_KEYS = new Map(Object.values(GB_REGIONS).map((region) => [foldName(region), region]));

export function ukRegionFor(text: string): UkRegion | null {
  return REGION_KEYS.get(foldName(text)) ?? null;
}

export const isUkPostcodeCountry = (code: string) => (UK_AND_CROWN_DEPENDENCIES as readonly string[]).includes(code);
