import type { CableLogger } from "./logger.ts";

export type PubSubCallback = (message: unknown) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * How broadcasts travel between the code that publishes them and the cable servers that hold sockets.
 * Modelled on Rails' ActionCable::SubscriptionAdapter: channels and the server only ever call these
 * three methods, so a Redis (or PostgreSQL LISTEN/NOTIFY) adapter can replace the in-process one
 * when the app runs on several servers, without touching channels.
 *
 * Contract for every adapter:
 * - `subscribe` resolves once messages broadcast afterwards are guaranteed to reach `callback`
 *   (the server confirms a subscription to the client only after this). It resolves to an
 *   `Unsubscribe` function; calling it stops delivery to that callback only.
 * - `broadcast` delivers `message` to every callback subscribed to `stream` on every server.
 *   Messages must be JSON-serialisable: adapters that cross process boundaries encode them with
 *   JSON.stringify and hand callbacks the decoded value.
 * - Callbacks must not throw into the adapter; adapters still guard against it so that one bad
 *   callback never stops delivery to the others.
 * - `shutdown` releases connections/subscriptions held by the adapter.
 */
export interface PubSubAdapter {
  subscribe(stream: string, callback: PubSubCallback): Promise<Unsubscribe>;
  broadcast(stream: string, message: unknown): Promise<void>;
  shutdown(): Promise<void>;
}

/** Single-process adapter (Rails' `async` adapter): delivery happens synchronously inside `broadcast`. */
export class InProcessPubSub implements PubSubAdapter {
  private readonly streams = new Map<string, Set<PubSubCallback>>();

  constructor(private readonly logger?: Pick<CableLogger, "error">) {}

  async subscribe(stream: string, callback: PubSubCallback): Promise<Unsubscribe> {
    let callbacks = this.streams.get(stream);
    if (!callbacks) this.streams.set(stream, (callbacks = new Set()));
    // Wrapped so the same function can be subscribed twice and unsubscribed independently.
    const entry: PubSubCallback = (message) => callback(message);
    callbacks.add(entry);
    return async () => this.remove(stream, entry);
  }

  async broadcast(stream: string, message: unknown): Promise<void> {
    const callbacks = this.streams.get(stream);
    if (!callbacks) return;
    for (const callback of callbacks) {
      try {
        callback(message);
      } catch (err) {
        this.logger?.error({ err, stream }, "pubsub subscriber failed");
      }
    }
  }

  async shutdown(): Promise<void> {
    this.streams.clear();
  }

  subscriberCount(stream: string): number {
    return this.streams.get(stream)?.size ?? 0;
  }

  private remove(stream: string, entry: PubSubCallback): void {
    const callbacks = this.streams.get(stream);
    if (!callbacks) return;
    callbacks.delete(entry);
    if (callbacks.size === 0) this.streams.delete(stream);
  }
}
