import { Controller } from "@hotwired/stimulus";
import { showToast } from "../lib/toast.ts";

export const COPIED_MESSAGE = "Copied to Clipboard";

/** Click to copy: `data-clipboard-text-value` goes on the clipboard, and a toast says so. */
export default class extends Controller<HTMLElement> {
  static values = { text: String };
  declare textValue: string;

  async copy() {
    await navigator.clipboard.writeText(this.textValue);
    showToast(COPIED_MESSAGE, "copied-toast");
  }
}
