import { Controller } from "@hotwired/stimulus";
import { postJson } from "./lib/http.ts";

/**
 * The carrier selector: when the window date or location fields change, POST
 * /loads_carrier_selector {job_id, carrier_account_id, address: {city, country}, date} and
 * replace the selector's content with the HTML answer.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["content", "date", "city", "country"];
  static values = { url: { type: String, default: "/loads_carrier_selector" }, jobId: Number };
  declare contentTarget: HTMLElement;
  declare dateTarget: HTMLInputElement;
  declare cityTarget: HTMLInputElement;
  declare countryTarget: HTMLInputElement;
  declare hasCityTarget: boolean;
  declare hasCountryTarget: boolean;
  declare urlValue: string;
  declare jobIdValue: number;
  private latest = 0;

  async refresh() {
    const request = ++this.latest;
    const selected = this.contentTarget.querySelector<HTMLSelectElement>("select[name=carrier_account_id]")?.value;
    const body = {
      job_id: this.jobIdValue,
      carrier_account_id: selected ? Number(selected) : null,
      address: { city: this.hasCityTarget ? this.cityTarget.value : "", country: this.hasCountryTarget ? this.countryTarget.value : "" },
      date: this.dateTarget.value || null,
    };
    const response = await postJson(this.urlValue, body, { headers: { Accept: "text/html" } });
    // A slower earlier answer must not overwrite a newer one.
    if (request !== this.latest || !response.ok) return;
    this.contentTarget.innerHTML = await response.text();
    this.dispatch("updated");
  }
}
