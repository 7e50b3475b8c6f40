import { Controller } from "@hotwired/stimulus";
import { formatRemaining, type Remaining } from "#domain/time/countdown.ts";
import { toEpochMs } from "#domain/time/instant.ts";
import { correctedClock, startCountdown } from "./lib/countdown-ticker.ts";
import { serverClockOffset } from "./lib/server-clock.ts";

/**
 * A countdown element: `<time datetime="…" data-controller="countdown"
 * data-countdown-message-value="Closes in {time}" data-countdown-ended-message-value="Closed">`.
 * Dispatches `countdown:ended` once.
 */
export default class extends Controller<HTMLElement> {
  static values = { message: { type: String, default: "{time}" }, endedMessage: { type: String, default: "" } };
  declare messageValue: string;
  declare endedMessageValue: string;
  private stop?: () => void;
  private generation = 0;

  async connect() {
    const generation = ++this.generation;
    const offset = await serverClockOffset();
    if (generation !== this.generation) return;
    const target = toEpochMs(this.element.getAttribute("datetime"));
    this.stop = startCountdown(target, { onTick: (r) => this.render(r), onEnded: () => this.dispatch("ended") }, correctedClock(offset));
  }

  disconnect() {
    this.generation++;
    this.stop?.();
  }

  private render(left: Remaining) {
    const ended = left.ended && this.endedMessageValue !== "";
    this.element.textContent = ended ? this.endedMessageValue : this.messageValue.replace("{time}", formatRemaining(left));
    this.element.dataset.state = left.ended ? "ended" : "running";
  }
}
