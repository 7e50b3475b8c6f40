import { Controller } from "@hotwired/stimulus";
import { replaceHash, trapTab } from "../lib/dialog.ts";

/**
 * A modal on the native <dialog> (views/shared/_modal.ejs). While open, its anchor is in the address
 * bar, so a reload or a shared link opens it again. It closes on Escape, a click on the mask, a
 * successful submit of a form inside it (unless close-on-submit is false) and before Turbo caches the
 * page — each unless closable is false; its own buttons (`modal#close`) always close it. Focus stays
 * inside while it is open and goes back to whatever opened it. Dispatches `modal:closed`.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["dialog"];
  static values = { anchor: String, open: Boolean, closable: { type: Boolean, default: true }, closeOnSubmit: { type: Boolean, default: true } };
  declare readonly dialogTarget: HTMLDialogElement;
  declare anchorValue: string;
  declare openValue: boolean;
  declare closableValue: boolean;
  declare closeOnSubmitValue: boolean;
  private opener: Element | null = null;
  private shown = false;

  connect() {
    if (this.isAnchoredHere()) this.open();
  }

  // Also when a morphing refresh (a 422 answer) adds the value to a modal already on the page.
  openValueChanged(open: boolean) {
    if (open) this.open();
  }

  disconnect() {
    if (this.dialogTarget.open) this.dialogTarget.close();
    this.shown = false;
  }

  open() {
    if (!this.shown) this.opener = document.activeElement;
    this.shown = true;
    if (!this.dialogTarget.open) this.dialogTarget.showModal();
    if (this.anchorValue) replaceHash(this.anchorValue);
  }

  close() {
    if (this.dialogTarget.open) this.dialogTarget.close();
    this.closed();
  }

  /** After any way of closing, the native ones included: the anchor goes, focus returns. */
  closed() {
    if (!this.shown || this.dialogTarget.open) return;
    this.shown = false;
    if (this.isAnchoredHere()) replaceHash("");
    if (this.opener instanceof HTMLElement && this.opener.isConnected) this.opener.focus();
    this.opener = null;
    this.dispatch("closed");
  }

  dismiss() {
    if (this.closableValue) this.close();
  }

  keydown(event: KeyboardEvent) {
    if (event.key === "Tab") trapTab(this.dialogTarget, event);
    if (event.key !== "Escape") return;
    event.preventDefault();
    this.dismiss();
  }

  // The browser's own Escape (focus outside any control) arrives as `cancel`: same rule.
  cancel(event: Event) {
    event.preventDefault();
    this.dismiss();
  }

  // The mask is the dialog element itself; its content sits in an inner box.
  maskClick(event: MouseEvent) {
    if (event.target === this.dialogTarget) this.dismiss();
  }

  submitEnd(event: CustomEvent<{ success: boolean }>) {
    if (event.detail.success && this.closeOnSubmitValue) this.dismiss();
  }

  private isAnchoredHere() {
    return this.anchorValue !== "" && location.hash === `#${this.anchorValue}`;
  }
}
