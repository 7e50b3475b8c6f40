import { Controller } from "@hotwired/stimulus";
import { ContractMonthsInputError, contractMonths, type ContractMonth } from "#domain/jobs/contract-months.ts";
import { fieldName } from "#domain/jobs/form/names.ts";

/**
 * Breaks a contract's estimated loads down per month; numbers already typed are kept. Without a
 * start date or duration, the reason is written into the `message` target, a live region.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["startDate", "duration", "rows", "message"];
  declare readonly startDateTarget: HTMLInputElement;
  declare readonly durationTarget: HTMLSelectElement;
  declare readonly rowsTarget: HTMLElement;
  declare readonly hasMessageTarget: boolean;
  declare readonly messageTarget: HTMLElement;

  breakdown() {
    let months: ContractMonth[];
    try {
      months = contractMonths(this.startDateTarget.value, this.durationTarget.value);
    } catch (error) {
      if (!(error instanceof ContractMonthsInputError)) throw error;
      this.say(error.message);
      return;
    }
    this.say("");
    const typed = this.typedByMonth();
    this.rowsTarget.replaceChildren(...months.map((month, index) => this.row(month, index, typed.get(month.month) ?? "")));
    this.rowsTarget.querySelector<HTMLInputElement>("input[type=number]")?.focus();
    this.dispatch("changed");
  }

  // The form's alert region announces the problem beside the button (no blocking browser alert).
  private say(text: string) {
    if (this.hasMessageTarget) this.messageTarget.textContent = text;
    else if (text) window.alert(text);
  }

  private typedByMonth(): Map<string, string> {
    const typed = new Map<string, string>();
    for (const row of this.rowsTarget.querySelectorAll<HTMLElement>(".estimate-row")) {
      const month = row.querySelector<HTMLInputElement>('input[type=hidden]')?.value;
      const loads = row.querySelector<HTMLInputElement>("input[type=number]")?.value;
      if (month && loads) typed.set(month, loads);
    }
    return typed;
  }

  private row(month: ContractMonth, index: number, loads: string): HTMLElement {
    const path = `additional_data.load_estimates.${index}`;
    const id = `job_additional_data_load_estimates_${index}_number_of_loads`;
    const row = document.createElement("div");
    row.className = "field estimate-row";
    const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: month.label });
    const hidden = Object.assign(document.createElement("input"), { type: "hidden", name: fieldName(`${path}.month`), value: month.month });
    const input = Object.assign(document.createElement("input"), {
      type: "number", id, name: fieldName(`${path}.number_of_loads`), value: loads, min: "0", step: "1", required: true,
    });
    row.append(label, hidden, input);
    return row;
  }
}
