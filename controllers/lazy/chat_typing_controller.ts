import { Controller } from "@hotwired/stimulus";
import { hasContent } from "#domain/messaging/message-box.ts";
import { shouldReportTyping } from "#domain/messaging/timing.ts";
import { postJson } from "../lib/http.ts";

/** A chat's message box reports typing to its URL: only with text in the box, at most once per 8 s. */
export default class extends Controller<HTMLFormElement> {
  static values = { url: String };
  declare urlValue: string;
  private lastTypingAt: number | null = null;

  input(event: Event) {
    const box = event.target;
    if (!(box instanceof HTMLTextAreaElement) || !hasContent(box.value)) return;
    const now = Date.now();
    if (!shouldReportTyping(this.lastTypingAt, now)) return;
    this.lastTypingAt = now;
    void postJson(this.urlValue, {}).catch(() => undefined);
  }
}
