import { Controller } from "@hotwired/stimulus";

/** Tables where clicking a row highlights it (one row at a time). */
export default class extends Controller<HTMLTableElement> {
  highlight(event: Event) {
    const row = (event.target as Element).closest("tbody tr");
    if (!row || !this.element.contains(row)) return;
    for (const other of this.element.querySelectorAll("tbody tr.highlighted")) other.classList.remove("highlighted");
    row.classList.add("highlighted");
  }
}
