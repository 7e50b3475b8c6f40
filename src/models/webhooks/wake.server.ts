// An enqueue in this process wakes this process's delivery loop at once, so a receiver hears of an
// event in well under the loop's interval; other processes find the row on their next pass.

let listener: (() => void) | null = null;

/** The delivery loop listens here (one per process); answers a function that stops listening. */
export function onWebhooksEnqueued(wake: () => void): () => void {
  listener = wake;
  return () => {
    if (listener === wake) listener = null;
  };
}

export function wakeWebhookDeliveries(): void {
  listener?.();
}
