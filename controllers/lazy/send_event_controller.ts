import { Controller } from "@hotwired/stimulus";
import { postJson } from "../lib/http.ts";

/**
 * The send-event element: posts its own `{name, data}` to /collect once, when it renders, then
 * leaves the page, so a page Turbo restores from its cache does not send it again. Nothing is sent
 * while support staff impersonate or where telemetry is off (the server renders none there either).
 */
export default class extends Controller<HTMLElement> {
  static values = { name: String, data: Object };
  declare nameValue: string;
  declare dataValue: Record<string, unknown>;

  connect() {
    if (this.allowed) void postJson("/collect", { name: this.nameValue, data: this.dataValue }).catch(() => undefined);
    this.element.remove();
  }

  private get allowed() {
    const telemetry = document.querySelector<HTMLMetaElement>('meta[name="telemetry"]')?.content === "on";
    return telemetry && document.body.dataset.impersonated !== "true" && this.nameValue !== "";
  }
}
