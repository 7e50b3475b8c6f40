import type { CableLogger } from "./logger.ts";
import { messageFrame } from "./protocol.ts";
import type { PubSubAdapter, Unsubscribe } from "./pubsub.ts";

export interface StreamSubscriber {
  readonly identifier: string;
  send(frame: Buffer): void;
}

interface StreamEntry {
  readonly subscribers: Set<StreamSubscriber>;
  ready: Promise<boolean>;
  unsubscribe?: Unsubscribe;
}

/**
 * This server's local subscribers, grouped by stream. Each stream is subscribed on the pub/sub adapter
 * once per server, however many sockets follow it, and each broadcast is JSON-encoded once and
 * framed once per distinct identifier (all viewers of one Turbo stream share an identifier).
 */
export class StreamFanout {
  private readonly entries = new Map<string, StreamEntry>();

  constructor(
    private readonly pubsub: PubSubAdapter,
    private readonly logger: CableLogger,
  ) {}

  /** Resolves true once broadcasts to `stream` reach `subscriber`, false if the adapter failed. */
  add(stream: string, subscriber: StreamSubscriber): Promise<boolean> {
    const entry = this.entries.get(stream) ?? this.open(stream);
    entry.subscribers.add(subscriber);
    return entry.ready;
  }

  remove(stream: string, subscriber: StreamSubscriber): void {
    const entry = this.entries.get(stream);
    if (!entry || !entry.subscribers.delete(subscriber) || entry.subscribers.size > 0) return;
    this.entries.delete(stream);
    void entry.ready.then(() => this.release(stream, entry));
  }

  get streamCount(): number {
    return this.entries.size;
  }

  async closeAll(): Promise<void> {
    const entries = [...this.entries];
    this.entries.clear();
    await Promise.all(entries.map(([stream, entry]) => entry.ready.then(() => this.release(stream, entry))));
  }

  private open(stream: string): StreamEntry {
    const entry: StreamEntry = { subscribers: new Set(), ready: Promise.resolve(false) };
    entry.ready = this.pubsub.subscribe(stream, (message) => this.deliver(stream, entry, message)).then(
      (unsubscribe) => {
        entry.unsubscribe = unsubscribe;
        return true;
      },
      (err: unknown) => {
        this.logger.error({ err, stream }, "pubsub subscribe failed");
        if (this.entries.get(stream) === entry) this.entries.delete(stream);
        return false;
      },
    );
    this.entries.set(stream, entry);
    return entry;
  }

  private async release(stream: string, entry: StreamEntry): Promise<void> {
    try {
      await entry.unsubscribe?.();
    } catch (err) {
      this.logger.error({ err, stream }, "pubsub unsubscribe failed");
    }
  }

  private deliver(stream: string, entry: StreamEntry, message: unknown): void {
    const json = encodeMessage(message);
    if (json === undefined) return this.logger.warn({ stream }, "dropping broadcast that is not JSON-serialisable");
    const frames = new Map<string, Buffer>();
    for (const subscriber of entry.subscribers) {
      let frame = frames.get(subscriber.identifier);
      if (!frame) frames.set(subscriber.identifier, (frame = Buffer.from(messageFrame(subscriber.identifier, json))));
      subscriber.send(frame);
    }
  }
}

export function encodeMessage(message: unknown): string | undefined {
  try {
    return JSON.stringify(message) as string | undefined;
  } catch {
    return undefined;
  }
}
