import { Controller } from "@hotwired/stimulus";
import { hasContent, keyAction } from "#domain/messaging/message-box.ts";
import { shouldReportTyping } from "#domain/messaging/timing.ts";
import { postJson } from "./lib/http.ts";

/**
 * Message box: Ctrl/Cmd+Enter (and, with submit-on-enter, Enter without Shift) sends a
 * non-empty message; the button is disabled while it sends; typing is reported at most once per 8 s.
 */
export default class extends Controller<HTMLFormElement> {
  static targets = ["input", "submit"];
  static values = { submitOnEnter: Boolean, jobId: Number, loadId: Number, toAccountId: Number };
  declare readonly inputTarget: HTMLTextAreaElement;
  declare readonly submitTarget: HTMLButtonElement;
  declare submitOnEnterValue: boolean;
  declare jobIdValue: number;
  declare loadIdValue: number;
  declare toAccountIdValue: number;
  private lastTypingAt: number | null = null;

  keydown(event: KeyboardEvent) {
    if (event.target !== this.inputTarget) return;
    if (keyAction(event, { submitOnEnter: this.submitOnEnterValue, text: this.inputTarget.value }) !== "submit") return;
    event.preventDefault();
    if (!this.submitTarget.disabled) this.element.requestSubmit(this.submitTarget);
  }

  input() {
    if (!hasContent(this.inputTarget.value)) return;
    const now = Date.now();
    if (!shouldReportTyping(this.lastTypingAt, now)) return;
    this.lastTypingAt = now;
    const event = { load_id: this.loadIdValue || null, job_id: this.jobIdValue, to_account_id: this.toAccountIdValue };
    void postJson("/api/v1/message_typing_event", event).catch(() => undefined);
  }

  disable() {
    this.submitTarget.disabled = true;
  }

  reset(event: CustomEvent<{ success: boolean }>) {
    this.submitTarget.disabled = false;
    if (!event.detail.success) return;
    this.inputTarget.value = "";
    this.inputTarget.dispatchEvent(new Event("input", { bubbles: true }));
    this.inputTarget.focus();
  }
}
