import { Controller } from "@hotwired/stimulus";
import { isQuantityOptionAllowed } from "#domain/jobs/pallet-limits.ts";

const KNOWN = ["eu", "standard", "eu_double", "standard_double"];

/**
 * Quantity options above the pallet type's maximum are disabled and hidden. The
 * 'other' quantity follows the chosen pallet type when that is not one of the four known ones.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["type", "quantity"];
  declare readonly typeTarget: HTMLSelectElement;
  declare readonly quantityTargets: HTMLSelectElement[];

  connect() {
    this.refresh();
  }

  refresh() {
    const chosen = this.typeTarget.value;
    for (const select of this.quantityTargets) {
      const own = select.dataset.palletType ?? "";
      const type = own === "other" && !KNOWN.includes(chosen) ? chosen || "other" : own;
      for (const option of select.options) {
        if (option.value === "") continue;
        const allowed = isQuantityOptionAllowed(type, Number(option.value));
        option.disabled = !allowed;
        option.hidden = !allowed;
        if (!allowed && option.selected) select.value = "";
      }
    }
  }
}
