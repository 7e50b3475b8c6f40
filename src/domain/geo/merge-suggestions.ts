import type { AutocompleteItem } from "#domain/geo/address-result.ts";

// Address suggestions show on focus (no minimum length) and hide 200 ms after blur.
export const AUTOCOMPLETE_MIN_LENGTH = 0;
export const HIDE_ON_BLUR_MS = 200;

type Labelled = Pick<AutocompleteItem, "label">;

/** The page's local default items (places used before) first, then the server's, each label shown once. */
export function mergeSuggestions<T extends Labelled>(defaults: readonly T[], remote: readonly T[]): T[] {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const item of [...defaults, ...remote]) {
    if (seen.has(item.label)) continue;
    seen.add(item.label);
    merged.push(item);
  }
  return merged;
}
