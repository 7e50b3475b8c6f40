import { Controller } from "@hotwired/stimulus";
import { visibleGroups, type JobFormState } from "#domain/jobs/form/visibility.ts";
import type { CustomsLocation } from "#domain/jobs/customs.ts";

/**
 * Decides which job-form groups apply, by the same rule the server uses, and writes their names
 * into the toggle-visible value of its `groups` target; toggle-visible shows them, and each group's
 * require-fields-when-visible disables what is hidden.
 */
export default class extends Controller<HTMLFormElement> {
  static targets = ["groups"];
  declare readonly groupsTarget: HTMLElement;

  connect() {
    this.refresh();
  }

  refresh() {
    const shown = Object.entries(visibleGroups(this.state())).filter(([, visible]) => visible).map(([name]) => name);
    this.groupsTarget.setAttribute("data-toggle-visible-shown-value", JSON.stringify(shown));
  }

  private state(): JobFormState {
    return {
      jobType: this.checked("job[job_type]"),
      numberOfLoads: this.field("job[number_of_loads]")?.value ?? null,
      loadType: this.field("job[load_type]")?.value ?? null,
      vehicleTypes: this.selected("job[vehicle_types][]"),
      isAuction: this.element.querySelector<HTMLInputElement>('input[type=checkbox][name="job[is_auction]"]')?.checked ?? false,
      audience: this.checked("job[audience]"),
      pickups: this.locations("pickup"),
      deliveries: this.locations("delivery"),
    };
  }

  private field(name: string) {
    return this.element.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  }

  private checked(name: string): string | null {
    return this.element.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? null;
  }

  private selected(name: string): string[] {
    const select = this.element.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
    return select ? Array.from(select.selectedOptions, (option) => option.value) : [];
  }

  private locations(kind: "pickup" | "delivery"): CustomsLocation[] {
    const blocks = this.element.querySelectorAll<HTMLElement>(`[data-location-kind="${kind}"]:not([data-removed])`);
    return Array.from(blocks, (block) => {
      const value = (field: string) => block.querySelector<HTMLInputElement | HTMLSelectElement>(`[name$="[${field}]"]`)?.value ?? "";
      return { countryCode: value("country_code"), region: value("region"), postCode: value("post_code") };
    });
  }
}
