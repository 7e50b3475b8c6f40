import { closeRedis, connectRedis, REDIS_PREFIX, type ErrorReporter, type Redis } from "#lib/redis.server.ts";
import { defaultCableLogger, type CableLogger } from "./logger.ts";
import type { PubSubAdapter, PubSubCallback, Unsubscribe } from "./pubsub.ts";

type Stream = { callbacks: Set<PubSubCallback>; subscribed: Promise<unknown> };

export const CABLE_CHANNEL_PREFIX = `${REDIS_PREFIX}cable:`;

/**
 * Broadcasts between app processes through Redis, as Rails' ActionCable Redis adapter: each process
 * has one connection that publishes and one that SUBSCRIBEs to each stream its sockets follow, once
 * however many follow it, and UNSUBSCRIBEs when the last one leaves. A stream's Redis channel is its
 * name behind `loadline:cable:`. After a reconnect ioredis subscribes again by itself; broadcasts
 * sent while a process was cut off are lost to it, as with Rails.
 */
export class RedisPubSub implements PubSubAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly streams = new Map<string, Stream>();

  constructor(
    url: string,
    private readonly logger: CableLogger = defaultCableLogger,
    private readonly prefix = CABLE_CHANNEL_PREFIX,
  ) {
    const report: ErrorReporter = (err, message) => (err ? logger.warn({ err }, message) : logger.info({}, message));
    // Broadcasts are awaited inside models' writes: an unanswered one fails (and is logged) after 2 s instead of holding the write.
    this.publisher = connectRedis(url, "cable-publisher", { commandTimeout: 2_000 }, report);
    this.subscriber = connectRedis(url, "cable-subscriber", {}, report);
    this.subscriber.on("message", (channel: string, text: string) => this.deliver(channel, text));
  }

  /** Resolves once Redis has confirmed the SUBSCRIBE, so every later broadcast reaches `callback`. */
  async subscribe(stream: string, callback: PubSubCallback): Promise<Unsubscribe> {
    // Wrapped so the same function can be subscribed twice and unsubscribed independently.
    const entry: PubSubCallback = (message) => callback(message);
    const state = this.streams.get(stream) ?? this.open(stream);
    state.callbacks.add(entry);
    try {
      await state.subscribed;
    } catch (err) {
      await this.remove(stream, state, entry);
      throw err;
    }
    return () => this.remove(stream, state, entry);
  }

  async broadcast(stream: string, message: unknown): Promise<void> {
    const json = JSON.stringify(message) as string | undefined;
    if (json === undefined) throw new TypeError(`A broadcast to ${stream} must be JSON-serialisable`);
    await this.publisher.publish(this.prefix + stream, json);
  }

  async shutdown(): Promise<void> {
    this.streams.clear();
    await Promise.all([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  private open(stream: string): Stream {
    const state: Stream = { callbacks: new Set(), subscribed: this.subscriber.subscribe(this.prefix + stream) };
    this.streams.set(stream, state);
    return state;
  }

  private async remove(stream: string, state: Stream, entry: PubSubCallback): Promise<void> {
    if (!state.callbacks.delete(entry) || state.callbacks.size > 0) return;
    if (this.streams.get(stream) === state) this.streams.delete(stream);
    await state.subscribed.catch(() => undefined);
    // Looked at again after the wait: a subscribe meanwhile has sent its own SUBSCRIBE, and must keep it.
    if (!this.streams.has(stream) && this.subscriber.status !== "end") await this.subscriber.unsubscribe(this.prefix + stream);
  }

  private deliver(channel: string, text: string): void {
    const stream = channel.slice(this.prefix.length);
    const state = channel.startsWith(this.prefix) ? this.streams.get(stream) : undefined;
    if (!state) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (err) {
      return this.logger.warn({ err, stream }, "dropping a broadcast that is not JSON");
    }
    for (const callback of state.callbacks) {
      try {
        callback(message);
      } catch (err) {
        this.logger.error({ err, stream }, "pubsub subscriber failed");
      }
    }
  }
}
