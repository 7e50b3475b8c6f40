import { Controller } from "@hotwired/stimulus";

/** The job's timezone input takes the browser's time zone. */
export default class extends Controller<HTMLInputElement> {
  connect() {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) this.element.value = zone;
  }
}
