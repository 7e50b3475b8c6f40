import { Controller } from "@hotwired/stimulus";
import { formatDate, formatDateTime, formatTime } from "#domain/format/dates.ts";

const FORMATS = { date: formatDate, time: formatTime, datetime: formatDateTime } as const;

/** A local-time element: `<time datetime="ISO" data-controller="local-time">` in the viewer's own time zone. */
export default class extends Controller<HTMLElement> {
  static values = { format: { type: String, default: "datetime" } };
  declare formatValue: string;

  connect() {
    const value = this.element.getAttribute("datetime");
    if (!value) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const format = FORMATS[this.formatValue as keyof typeof FORMATS] ?? formatDateTime;
    const text = format(value, zone);
    if (!text) return;
    this.element.textContent = text;
    this.element.title = `${formatDateTime(value, zone)} (${zone})`;
  }
}
