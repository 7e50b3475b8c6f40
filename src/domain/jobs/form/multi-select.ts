// The searchable multi-select (Tom Select) shows up to 50 chosen values, then a
// summary; its text is localised in en, pl, fr, de, es, it, pt, ru, uk and cs (English otherwise).

export const MULTI_SELECT_SUMMARY_AFTER = 50;
export const MULTI_SELECT_MESSAGES = {
  noResults: "No Results",
  searching: "Searching...",
  noSelect: "Could not find select element",
  notSelect: "Element isnt of type select",
} as const;

type Texts = { noResults: string; searching: string; selected: (count: number) => string };

const TEXTS = {
  en: { noResults: MULTI_SELECT_MESSAGES.noResults, searching: MULTI_SELECT_MESSAGES.searching, selected: (n) => `${n} selected` },
  pl: { noResults: "Brak wyników", searching: "Wyszukiwanie...", selected: (n) => `Wybrano: ${n}` },
  fr: { noResults: "Aucun résultat", searching: "Recherche...", selected: (n) => `${n} sélectionnés` },
  de: { noResults: "Keine Ergebnisse", searching: "Suche...", selected: (n) => `${n} ausgewählt` },
  es: { noResults: "Sin resultados", searching: "Buscando...", selected: (n) => `${n} seleccionados` },
  it: { noResults: "Nessun risultato", searching: "Ricerca...", selected: (n) => `${n} selezionati` },
  pt: { noResults: "Sem resultados", searching: "A pesquisar...", selected: (n) => `${n} selecionados` },
  ru: { noResults: "Нет результатов", searching: "Поиск...", selected: (n) => `Выбрано: ${n}` },
  uk: { noResults: "Немає результатів", searching: "Пошук...", selected: (n) => `Вибрано: ${n}` },
  cs: { noResults: "Žádné výsledky", searching: "Hledání...", selected: (n) => `Vybráno: ${n}` },
} satisfies Record<string, Texts>;

export const MULTI_SELECT_LANGUAGES = Object.keys(TEXTS) as (keyof typeof TEXTS)[];

/** The widget's text for a page language such as "en-GB" or "pl". */
export function multiSelectTexts(lang: string | null | undefined): Texts {
  const primary = (lang ?? "").toLowerCase().split("-")[0] ?? "";
  return primary in TEXTS ? TEXTS[primary as keyof typeof TEXTS] : TEXTS.en;
}

/** "51 selected" once more than 50 values are chosen; null while each value is shown. */
export function multiSelectSummary(count: number, lang?: string | null): string | null {
  return count > MULTI_SELECT_SUMMARY_AFTER ? multiSelectTexts(lang).selected(count) : null;
}
