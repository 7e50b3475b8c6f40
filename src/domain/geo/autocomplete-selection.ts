import type { AutocompleteItem } from "./address-result.ts";

// A chosen address suggestion either says where it is (address parts or a point), which the address
// form copies into its detailed fields, or carries only a plain `value`: text for the address line
// that is then looked up like typed text.

export type AutocompleteSelection = AutocompleteItem & { value?: string };

/** The text a chosen suggestion leaves in the address line: its plain value when it has one, else its label. */
export function selectionText(item: AutocompleteSelection): string {
  return item.value?.trim() || item.label;
}

/** Whether the suggestion knows its place, rather than only text to look up. */
export function hasPlace(item: AutocompleteSelection): boolean {
  const parts = [item.address, item.city, item.post_code, item.region, item.country_code];
  return parts.some((part) => Boolean(part?.trim())) || (item.latitude !== undefined && item.longitude !== undefined);
}
