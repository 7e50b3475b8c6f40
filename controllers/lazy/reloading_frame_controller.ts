import { Controller } from "@hotwired/stimulus";
import { visit } from "@hotwired/turbo";

type Frame = HTMLElement & { reload(): void };

/**
 * A turbo-frame that reloads when it appears: its own source when it has one (what it held is
 * emptied until the answer fills it), otherwise the current page — a Turbo refresh, which morphs
 * in what changed — and then the frame is emptied and removed, so a copy of the page kept by
 * Turbo's cache cannot fire it again.
 */
export default class extends Controller<Frame> {
  connect() {
    const ownSource = Boolean(this.element.getAttribute("src"));
    if (ownSource) this.element.reload();
    else visit(window.location.href, { action: "replace" });
    this.element.replaceChildren();
    if (!ownSource) this.element.remove();
  }
}
