import { Controller } from "@hotwired/stimulus";
import SignaturePad from "signature_pad";
import { SIGNING_COMPLETED, type SigningCompleted } from "#domain/contracts/signing-events.ts";
import { fitSignatureCanvas, uploadSignature } from "../lib/signature-canvas.ts";

/**
 * Our signing page (inside the acceptance page's frame): asks for the name and a drawn signature,
 * uploads the signature, then reports "completed" to the page around it — on our own origin only.
 */
export default class extends Controller<HTMLFormElement> {
  static targets = ["canvas", "name", "status", "submit"];
  declare readonly canvasTarget: HTMLCanvasElement;
  declare readonly nameTarget: HTMLInputElement;
  declare readonly statusTarget: HTMLElement;
  declare readonly submitTarget: HTMLButtonElement;
  private pad?: SignaturePad;

  connect() {
    this.pad = new SignaturePad(this.canvasTarget);
    this.fit();
    window.addEventListener("resize", this.fit);
  }

  disconnect() {
    window.removeEventListener("resize", this.fit);
    this.pad?.off();
  }

  clear() {
    this.pad?.clear();
    this.statusTarget.textContent = "Draw your signature in the box with a finger or the mouse.";
  }

  async sign(event: SubmitEvent) {
    event.preventDefault();
    const name = this.nameTarget.value.trim();
    if (!name) return this.refuse("Enter your full name", this.nameTarget);
    if (!this.pad || this.pad.isEmpty()) return this.refuse("Draw your signature in the box", this.canvasTarget);
    this.submitTarget.disabled = true;
    this.statusTarget.textContent = "Saving your signature…";
    try {
      const signedId = await uploadSignature(this.canvasTarget);
      const completed: SigningCompleted = { event: SIGNING_COMPLETED, signer_name: name, signature_signed_id: signedId, reference: "" };
      window.parent.postMessage(completed, window.location.origin);
      this.statusTarget.textContent = "Signed. Saving your acceptance…";
    } catch (error) {
      this.submitTarget.disabled = false;
      this.statusTarget.textContent = error instanceof Error ? error.message : "The signature could not be saved";
    }
  }

  private refuse(message: string, field: HTMLElement) {
    this.statusTarget.textContent = message;
    field.focus();
  }

  private fit = () => fitSignatureCanvas(this.canvasTarget, this.pad);
}
