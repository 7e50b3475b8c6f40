import { describe, expect, it } from "vitest";
import { MULTI_SELECT_LANGUAGES, MULTI_SELECT_MESSAGES, MULTI_SELECT_SUMMARY_AFTER, multiSelectSummary, multiSelectTexts } from "#domain/jobs/form/multi-select.ts";

describe("multiSelectSummary", () => {
  it.each([[0, null], [1, null], [50, null], [51, "51 selected"], [120, "120 selected"]])("%i chosen → %s", (count, summary) => {
    expect(multiSelectSummary(count)).toBe(summary);
  });

  it("uses the product's limit and messages", () => {
    expect(MULTI_SELECT_SUMMARY_AFTER).toBe(50);
    expect(MULTI_SELECT_MESSAGES).toEqual({
      noResults: "No Results", searching: "Searching...", noSelect: "Could not find select element", notSelect: "Element isnt of type select",
    });
  });
});

describe("multi-select text in the page's language", () => {
  it("covers exactly the ten languages the product supports", () => {
    expect([...MULTI_SELECT_LANGUAGES].sort()).toEqual(["cs", "de", "en", "es", "fr", "it", "pl", "pt", "ru", "uk"]);
  });

  it.each([
    ["en-GB", "No Results", "Searching...", "51 selected"],
    ["pl", "Brak wyników", "Wyszukiwanie...", "Wybrano: 51"],
    ["fr-FR", "Aucun résultat", "Recherche...", "51 sélectionnés"],
    ["de-AT", "Keine Ergebnisse", "Suche...", "51 ausgewählt"],
    ["uk-UA", "Немає результатів", "Пошук...", "Вибрано: 51"],
    ["cs", "Žádné výsledky", "Hledání...", "Vybráno: 51"],
    ["nl", "No Results", "Searching...", "51 selected"],
    ["", "No Results", "Searching...", "51 selected"],
  ])("%s → %s / %s / %s", (lang, noResults, searching, summary) => {
    const texts = multiSelectTexts(lang);
    expect([texts.noResults, texts.searching, multiSelectSummary(51, lang)]).toEqual([noResults, searching, summary]);
  });

  it("still shows each value up to the limit in every language", () => {
    for (const lang of MULTI_SELECT_LANGUAGES) expect(multiSelectSummary(50, lang)).toBeNull();
  });
});
