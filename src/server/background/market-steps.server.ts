import type { Logger } from "pino";

// Placeholder: replaced by the work that runs here (the file's owner writes it).
export function startMarketSteps(_logger: Logger): { stop(): void | Promise<void> } {
  return { stop() {} };
}
