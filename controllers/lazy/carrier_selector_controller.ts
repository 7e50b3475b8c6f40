import { Controller } from "@hotwired/stimulus";
import { postJson } from "../lib/http.ts";

/**
 * The carrier selector: when the collection date or the collection point changes, POST
 * /loads_carrier_selector {job_id, carrier_account_id, address: {city, country}, date} and
 * replace the selector's content with the HTML answer.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["content", "date", "location"];
  static values = { url: { type: String, default: "/loads_carrier_selector" }, jobId: Number };
  declare contentTarget: HTMLElement;
  declare dateTarget: HTMLInputElement;
  declare locationTarget: HTMLSelectElement;
  declare hasLocationTarget: boolean;
  declare urlValue: string;
  declare jobIdValue: number;
  private latest = 0;

  async refresh() {
    const request = ++this.latest;
    const selected = this.contentTarget.querySelector<HTMLSelectElement>("select[name=carrier_account_id]")?.value;
    const body = { job_id: this.jobIdValue, carrier_account_id: selected ? Number(selected) : null, address: this.address(), date: this.dateTarget.value || null };
    const response = await postJson(this.urlValue, body, { headers: { Accept: "text/html" } });
    // A slower earlier answer must not overwrite a newer one.
    if (request !== this.latest || !response.ok) return;
    this.contentTarget.innerHTML = await response.text();
    this.dispatch("updated");
  }

  private address() {
    const place = this.hasLocationTarget ? this.locationTarget.selectedOptions[0]?.dataset : undefined;
    return { city: place?.city ?? "", country: place?.country ?? "" };
  }
}
