import { Controller } from "@hotwired/stimulus";
import { isQuantityOptionAllowed, quantityLimitType } from "#domain/jobs/pallet-limits.ts";

/**
 * Quantity options above the pallet type's maximum are disabled and hidden; whose maximum each
 * select follows is quantityLimitType, the rule the server renders the form by.
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
      const type = quantityLimitType(select.dataset.palletType ?? "", chosen);
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
