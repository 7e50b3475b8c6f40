import { Controller } from "@hotwired/stimulus";
import SignaturePad from "signature_pad";
import { fitSignatureCanvas, uploadSignature } from "../lib/signature-canvas.ts";

// The recipient signs on the screen. When the form is sent, a new signature is first uploaded as a
// PNG (the same direct-upload path as photos) and the form goes on with its signed id; an unchanged
// one (kept from a refused post) is sent as it is.

export default class SignatureController extends Controller<HTMLElement> {
  static targets = ["canvas", "signedId", "status"];
  declare readonly canvasTarget: HTMLCanvasElement;
  declare readonly signedIdTarget: HTMLInputElement;
  declare readonly statusTarget: HTMLElement;

  private pad?: SignaturePad;
  private form: HTMLFormElement | null = null;

  connect() {
    this.pad = new SignaturePad(this.canvasTarget);
    this.pad.addEventListener("endStroke", () => {
      this.signedIdTarget.value = "";
      this.statusTarget.textContent = "Signed. Clear it to sign again.";
    });
    this.fitCanvas();
    window.addEventListener("resize", this.fitCanvas);
    this.form = this.element.closest("form");
    this.form?.addEventListener("submit", this.uploadFirst);
  }

  disconnect() {
    window.removeEventListener("resize", this.fitCanvas);
    this.form?.removeEventListener("submit", this.uploadFirst);
    this.pad?.off();
  }

  clear() {
    this.pad?.clear();
    this.signedIdTarget.value = "";
    this.statusTarget.textContent = "Ask the recipient to sign above.";
  }

  /** The canvas drawn at the screen's pixel density, as wide as it is shown. */
  private fitCanvas = () => fitSignatureCanvas(this.canvasTarget, this.pad);

  private uploadFirst = (event: SubmitEvent) => {
    if (!this.pad || this.pad.isEmpty() || this.signedIdTarget.value) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter) submitter.disabled = true;
    this.statusTarget.textContent = "Saving the signature…";
    uploadSignature(this.canvasTarget).then(
      (signedId) => {
        this.signedIdTarget.value = signedId;
        if (submitter) submitter.disabled = false;
        this.form?.requestSubmit(submitter ?? undefined);
      },
      (error: Error) => this.failed(error.message, submitter),
    );
  };

  private failed(message: string, submitter: HTMLButtonElement | null) {
    console.error(message);
    this.statusTarget.textContent = message;
    if (submitter) submitter.disabled = false;
  }
}
