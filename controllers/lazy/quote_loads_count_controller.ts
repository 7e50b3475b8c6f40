import { Controller } from "@hotwired/stimulus";
import { parseLoads } from "#domain/bidding/bid-input.ts";
import { loadsCountText } from "#domain/bidding/loads-count.ts";

/** "Quote loads count": says how many of the job's loads the typed number covers, and refuses too many. */
export default class extends Controller<HTMLElement> {
  static targets = ["input", "output"];
  static values = { expected: Number };
  declare inputTarget: HTMLInputElement;
  declare outputTarget: HTMLElement;
  declare expectedValue: number;

  connect() {
    this.update();
  }

  update() {
    const { text, tooMany } = loadsCountText(parseLoads(this.inputTarget.value), this.expectedValue);
    this.outputTarget.textContent = text;
    this.outputTarget.classList.toggle("field-error", tooMany);
    this.inputTarget.setCustomValidity(tooMany ? text : "");
  }
}
