import { Controller } from "@hotwired/stimulus";
import { visibleGroups, type GroupName, type JobFormState } from "#domain/jobs/form-visibility.ts";
import type { CustomsLocation } from "#domain/jobs/customs.ts";
import { showGroup } from "../lib/form-groups.ts";

/** Shows only the job-form groups that apply, by the same rule the server uses. */
export default class extends Controller<HTMLFormElement> {
  connect() {
    this.refresh();
  }

  refresh() {
    const visibility = visibleGroups(this.state());
    for (const group of this.element.querySelectorAll<HTMLElement>("[data-visibility-group]")) {
      if (group.closest("[data-removed]")) continue;
      const name = group.dataset.visibilityGroup as GroupName;
      if (name in visibility) showGroup(group, visibility[name]);
    }
  }

  private state(): JobFormState {
    return {
      jobType: this.checked("job[job_type]"),
      numberOfLoads: this.field("job[number_of_loads]")?.value ?? null,
      loadType: this.field("job[load_type]")?.value ?? null,
      vehicleTypes: this.selected("job[vehicle_types][]"),
      isAuction: this.element.querySelector<HTMLInputElement>('input[type=checkbox][name="job[is_auction]"]')?.checked ?? false,
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
