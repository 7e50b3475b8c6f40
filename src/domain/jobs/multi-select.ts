// SPEC §8/§9: the searchable multi-select (Tom Select) shows up to 50 chosen values, then a summary.

export const MULTI_SELECT_SUMMARY_AFTER = 50;
export const MULTI_SELECT_MESSAGES = {
  noResults: "No Results",
  searching: "Searching...",
  noSelect: "Could not find select element",
  notSelect: "Element isnt of type select",
} as const;

/** "51 selected" once more than 50 values are chosen; null while each value is shown. */
export function multiSelectSummary(count: number): string | null {
  return count > MULTI_SELECT_SUMMARY_AFTER ? `${count} selected` : null;
}
