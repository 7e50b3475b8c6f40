// The parts of @hotwired/turbo's API the dialogs and the navigating select use (untyped package).
declare module "@hotwired/turbo" {
  export const config: {
    forms: { confirm?: (message: string, form: HTMLFormElement, submitter?: HTMLElement | null) => Promise<boolean> };
  };
  export function visit(location: string, options?: { action?: "advance" | "replace" }): void;
}
