import { isIgnoredClientError } from "#domain/telemetry/client-errors.ts";
import { postJson } from "./http.ts";

/** Uncaught errors and rejections go to our endpoint, except the known noise. */
export function installErrorReporter() {
  if (document.querySelector<HTMLMetaElement>('meta[name="telemetry"]')?.content !== "on") return;
  window.addEventListener("error", (event) => report(event.message, event.error, event.filename));
  window.addEventListener("unhandledrejection", (event) => report(messageOf(event.reason), event.reason));
}

function report(message: string, error?: unknown, source?: string) {
  if (isIgnoredClientError(message)) return;
  const stack = error instanceof Error ? error.stack : undefined;
  void postJson("/api/v1/client_errors", { message: message.slice(0, 2000), source, stack: stack?.slice(0, 10_000), url: location.href }).catch(() => undefined);
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
