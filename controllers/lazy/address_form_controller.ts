import { Controller } from "@hotwired/stimulus";
import { isParsedAddressEmpty, parsedAddress, type GeocodeResult, type ParsedAddress } from "#domain/geo/address-result.ts";
import { hasPlace, selectionText, type AutocompleteSelection } from "#domain/geo/autocomplete-selection.ts";

type Field = "address" | "city" | "post_code" | "region" | "country_code" | "company_name" | "latitude" | "longitude";
const PLACE_FIELDS: Field[] = ["address", "city", "post_code", "region", "country_code", "latitude", "longitude"];

/**
 * One address block: a full-address line, filled from a suggestion (a suggestion that carries only
 * a plain value is looked up like typed text) or looked up when typed, or the detailed fields. In detailed mode the line is not required (nor sent).
 * A line whose lookup gives no place is marked invalid with the address error, written into the
 * block's live region so it is announced.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["fullAddress", "simple", "detailed", "error"];
  static values = { detailed: Boolean, message: String, geocodeUrl: { type: String, default: "/api/v1/geocode_places/" } };
  declare readonly fullAddressTarget: HTMLInputElement;
  declare readonly simpleTarget: HTMLElement;
  declare readonly detailedTarget: HTMLElement;
  declare readonly errorTarget: HTMLElement;
  declare detailedValue: boolean;
  declare messageValue: string;
  declare geocodeUrlValue: string;
  private chosen: string | null = null;

  detailedValueChanged() {
    const removed = this.element.dataset.removed !== undefined;
    this.simpleTarget.hidden = this.detailedValue;
    this.detailedTarget.hidden = !this.detailedValue;
    this.fullAddressTarget.disabled = this.detailedValue;
    this.fullAddressTarget.required = !this.detailedValue && !removed;
  }

  showDetailed() {
    this.detailedValue = true;
    this.field("city")?.focus();
  }

  showSimple() {
    this.detailedValue = false;
    this.fullAddressTarget.focus();
  }

  fill(event: CustomEvent<{ item: AutocompleteSelection }>) {
    const { item } = event.detail;
    // A suggestion has already put its text in the line; a pin on the map has not.
    this.fullAddressTarget.value = selectionText(item);
    if (item.name) this.set({ company_name: item.name });
    if (!hasPlace(item)) {
      this.chosen = null;
      return void this.geocode();
    }
    this.chosen = this.fullAddressTarget.value;
    this.set({
      address: item.address ?? "", city: item.city ?? "", post_code: item.post_code ?? "", region: item.region ?? "", country_code: item.country_code ?? "",
      latitude: item.latitude?.toString() ?? "", longitude: item.longitude?.toString() ?? "",
    });
    this.clearError();
    this.dispatch("filled");
  }

  edited() {
    this.chosen = null;
    this.clearError();
  }

  async geocode() {
    const text = this.fullAddressTarget.value.trim();
    if (!text || text === this.chosen) return;
    const result = await this.lookUp(text);
    if (result === undefined || this.fullAddressTarget.value.trim() !== text) return;
    const parsed: ParsedAddress | null = result ? parsedAddress(result) : null;
    if (!parsed || isParsedAddressEmpty(parsed)) {
      this.set(Object.fromEntries(PLACE_FIELDS.map((field) => [field, ""])));
      this.showError();
    } else {
      const point = result?.geometry?.location;
      this.set({ ...parsed, latitude: point?.lat.toString() ?? "", longitude: point?.lng.toString() ?? "" });
      this.chosen = text;
      this.clearError();
    }
    this.dispatch("filled");
  }

  /** The geocode result, null when no place was found, undefined when the lookup itself failed. */
  private async lookUp(text: string): Promise<GeocodeResult | null | undefined> {
    try {
      const response = await fetch(this.geocodeUrlValue + encodeURIComponent(text), { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (response.status === 404) return null;
      return response.ok ? ((await response.json()) as GeocodeResult) : undefined;
    } catch {
      return undefined;
    }
  }

  private field(name: Field) {
    return this.element.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-address-form-field="${name}"]`);
  }

  private set(values: Partial<Record<Field, string>>) {
    for (const [name, value] of Object.entries(values) as [Field, string][]) {
      const field = this.field(name);
      if (field) field.value = value;
    }
  }

  private showError() {
    this.fullAddressTarget.setAttribute("aria-invalid", "true");
    this.fullAddressTarget.setCustomValidity(this.messageValue);
    // A live region: writing the message into it is what announces it.
    this.errorTarget.textContent = this.messageValue;
  }

  private clearError() {
    this.fullAddressTarget.removeAttribute("aria-invalid");
    this.fullAddressTarget.setCustomValidity("");
    this.errorTarget.textContent = "";
  }
}
