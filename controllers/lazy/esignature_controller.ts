import { Controller } from "@hotwired/stimulus";
import { readSigningCompleted, type SigningCompleted } from "#domain/contracts/signing-events.ts";

/**
 * E-signature embed: opens the signing URL in its frame and, when that frame (and only it, from the
 * expected origin — our own unless a hosted provider's is given) reports "completed", copies what it
 * sent into the form's fields and submits the form.
 */
export default class extends Controller<HTMLFormElement> {
  static targets = ["frame", "field"];
  static values = { url: String, origin: String };
  declare readonly frameTarget: HTMLIFrameElement;
  declare readonly fieldTargets: HTMLInputElement[];
  declare urlValue: string;
  declare originValue: string;

  connect() {
    window.addEventListener("message", this.received);
    this.frameTarget.src = this.urlValue;
  }

  disconnect() {
    window.removeEventListener("message", this.received);
  }

  private received = (event: MessageEvent) => {
    if (event.origin !== (this.originValue || window.location.origin) || event.source !== this.frameTarget.contentWindow) return;
    const completed = readSigningCompleted(event.data);
    if (!completed) return;
    for (const field of this.fieldTargets) field.value = completed[field.name as keyof SigningCompleted] ?? "";
    this.element.requestSubmit();
  };
}
