import { Controller } from "@hotwired/stimulus";
import { areaInAddress, postcodeAreaOf } from "#domain/price-guide/postcode-area.ts";

type Lane = { from: string; to: string; vehicle: string; loadType: string };

const PICKUPS = '[data-location-kind="pickup"]:not([data-removed])';
const DELIVERIES = '[data-location-kind="delivery"]:not([data-removed])';

/**
 * "Price guide" on the job form: once the first collection's and last delivery's postcodes, a
 * vehicle type and the load type are chosen, asks /api/v1/price_guide for that lane and says what it
 * answers (docs/price-guide.md). A lane already asked is not asked again; an answer that arrives
 * after a later question is dropped.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["output"];
  static values = { url: String, prompt: String };
  declare outputTarget: HTMLElement;
  declare urlValue: string;
  declare promptValue: string;
  private form: HTMLFormElement | null = null;
  private asked = "";
  private readonly refresh = () => void this.update();

  connect() {
    this.form = this.element.closest("form");
    for (const event of ["change", "address-form:filled", "repeatable-list:changed"]) this.form?.addEventListener(event, this.refresh);
    void this.update();
  }

  disconnect() {
    for (const event of ["change", "address-form:filled", "repeatable-list:changed"]) this.form?.removeEventListener(event, this.refresh);
  }

  private async update() {
    const lane = this.lane();
    const query = lane && new URLSearchParams({ from: lane.from, to: lane.to, vehicle: lane.vehicle, load_type: lane.loadType }).toString();
    if (query === this.asked) return;
    this.asked = query ?? "";
    if (!query) return void (this.outputTarget.textContent = this.promptValue);
    const response = await fetch(`${this.urlValue}?${query}`, { headers: { Accept: "application/json" }, credentials: "same-origin" }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { sentence?: string } | null;
    if (this.asked !== query) return;
    this.outputTarget.textContent = body?.sentence ?? "The price guide could not be loaded just now.";
  }

  /** The lane the form describes so far, or null while a part of it is missing. */
  private lane(): Lane | null {
    const blocks = (selector: string) => [...(this.form?.querySelectorAll<HTMLElement>(selector) ?? [])];
    const from = this.areaOf(blocks(PICKUPS)[0]);
    const to = this.areaOf(blocks(DELIVERIES).at(-1));
    const vehicle = this.form?.querySelector<HTMLSelectElement>("#job_vehicle_types")?.selectedOptions[0]?.value ?? "";
    const loadType = this.form?.querySelector<HTMLSelectElement>('[name="job[load_type]"]')?.value ?? "";
    return from && to && vehicle && loadType ? { from, to, vehicle, loadType } : null;
  }

  /** A stop's area: its post code field, else the postcode in its one-line address. */
  private areaOf(block: HTMLElement | undefined): string | null {
    const field = (name: string) => block?.querySelector<HTMLInputElement>(`[data-address-form-field="${name}"]`)?.value;
    return postcodeAreaOf(field("post_code")) ?? areaInAddress(block?.querySelector<HTMLInputElement>('[data-address-form-target="fullAddress"]')?.value);
  }
}
