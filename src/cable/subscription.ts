import type { CableUser, ChannelContext, ChannelDefinition } from "./channel.ts";
import type { CableLogger } from "./logger.ts";
import type { ChannelParams } from "./protocol.ts";
import type { StreamFanout, StreamSubscriber } from "./stream-fanout.ts";

/** The side of a connection a subscription needs. */
export interface SubscriptionOwner<U extends CableUser> {
  readonly user: U;
  readonly fanout: StreamFanout;
  readonly logger: CableLogger;
  send(frame: string | Buffer): void;
  transmit(identifier: string, message: unknown): void;
}

/** One channel subscription on one socket (Rails: a channel instance). */
export class ChannelSubscription<U extends CableUser> implements ChannelContext<U>, StreamSubscriber {
  private streams: string[] = [];
  private pending: Promise<void>[] | null = [];
  private rejected = false;

  constructor(
    private readonly owner: SubscriptionOwner<U>,
    readonly identifier: string,
    readonly params: ChannelParams,
    readonly channel: ChannelDefinition<U>,
  ) {}

  get user(): U {
    return this.owner.user;
  }

  streamFrom(stream: string): Promise<void> {
    if (this.streams.includes(stream)) return Promise.resolve();
    this.streams.push(stream);
    const ready = this.owner.fanout.add(stream, this).then((live) => {
      if (!live) this.rejected = true;
    });
    this.pending?.push(ready);
    return ready;
  }

  stopAllStreams(): void {
    for (const stream of this.streams) this.owner.fanout.remove(stream, this);
    this.streams = [];
  }

  transmit(message: unknown): void {
    this.owner.transmit(this.identifier, message);
  }

  reject(): void {
    this.rejected = true;
  }

  send(frame: Buffer): void {
    this.owner.send(frame);
  }

  /** Runs `subscribed` and waits for its streams; true when the subscription should be confirmed. */
  async start(): Promise<boolean> {
    try {
      await this.channel.subscribed(this);
      if (!this.rejected) await Promise.all(this.pending ?? []);
    } catch (err) {
      this.owner.logger.error({ err, identifier: this.identifier }, "channel subscribed() failed");
      this.rejected = true;
    }
    this.pending = null;
    return !this.rejected;
  }

  async stop(): Promise<void> {
    this.stopAllStreams();
    try {
      await this.channel.unsubscribed?.(this);
    } catch (err) {
      this.owner.logger.error({ err, identifier: this.identifier }, "channel unsubscribed() failed");
    }
  }
}
