import { WebSocket, type RawData } from "ws";
import type { CableUser, ChannelDefinition } from "./channel.ts";
import type { CableLogger } from "./logger.ts";
import {
  WELCOME_FRAME,
  disconnectFrame,
  messageFrame,
  parseCommand,
  parseIdentifier,
  parseObject,
  subscriptionReplyFrame,
  type DisconnectReason,
} from "./protocol.ts";
import { encodeMessage, type StreamFanout } from "./stream-fanout.ts";
import { ChannelSubscription, type SubscriptionOwner } from "./subscription.ts";

// Commands wait their turn while an async `subscribed` runs; a client that piles up more is abusive.
const MAX_PENDING_COMMANDS = 200;

/** What every connection of one server shares (one object, not copied per socket). */
export interface ConnectionHost<U extends CableUser> {
  readonly channels: Readonly<Record<string, ChannelDefinition<U>>>;
  readonly fanout: StreamFanout;
  readonly logger: CableLogger;
  readonly maxSubscriptions: number;
  forget(connection: CableConnection<U>): void;
}

/**
 * One authenticated socket (Rails: ActionCable::Connection::Base). Commands run one at a time in
 * arrival order, as Rails does per connection, so an async `subscribed` cannot race an unsubscribe.
 */
export class CableConnection<U extends CableUser> implements SubscriptionOwner<U> {
  private readonly subscriptions = new Map<string, ChannelSubscription<U>>();
  private queue: Promise<void> = Promise.resolve();
  private open = true;
  private backlog = 0;

  constructor(
    readonly ws: WebSocket,
    readonly user: U,
    private readonly host: ConnectionHost<U>,
  ) {
    ws.on("message", (data, isBinary) => this.receive(data, isBinary));
    ws.on("close", () => this.closed());
    ws.on("error", (err) => host.logger.debug({ err }, "cable socket error"));
    this.send(WELCOME_FRAME);
  }

  get fanout(): StreamFanout {
    return this.host.fanout;
  }

  get logger(): CableLogger {
    return this.host.logger;
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  send(frame: string | Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame, { binary: false });
  }

  transmit(identifier: string, message: unknown): void {
    const json = encodeMessage(message);
    if (json === undefined) return this.logger.warn({ identifier }, "dropping transmit that is not JSON-serialisable");
    this.send(messageFrame(identifier, json));
  }

  disconnect(reason: DisconnectReason, reconnect: boolean): void {
    this.send(disconnectFrame(reason, reconnect));
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) return this.logger.warn({}, "ignoring binary cable frame");
    if (++this.backlog > MAX_PENDING_COMMANDS) {
      this.backlog--;
      if (this.ws.readyState !== WebSocket.OPEN) return;
      this.logger.warn({ userId: this.user.id }, "closing cable socket that floods commands");
      return this.ws.close(1008);
    }
    const raw = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    this.queue = this.queue.then(() => this.execute(raw.toString("utf8"))).finally(() => void this.backlog--);
  }

  private async execute(raw: string): Promise<void> {
    if (!this.open) return;
    const command = parseCommand(raw);
    if (!command) return this.logger.warn({ frame: raw.slice(0, 200) }, "ignoring malformed cable frame");
    try {
      if (command.command === "subscribe") await this.subscribe(command.identifier);
      else if (command.command === "unsubscribe") await this.unsubscribe(command.identifier);
      else await this.perform(command.identifier, command.data);
    } catch (err) {
      this.logger.error({ err, command: command.command, identifier: command.identifier }, "cable command failed");
    }
  }

  private async subscribe(identifier: string): Promise<void> {
    if (this.subscriptions.has(identifier)) return this.logger.debug({ identifier }, "already subscribed");
    const params = parseIdentifier(identifier);
    if (!params) return this.logger.warn({ identifier }, "ignoring subscribe with malformed identifier");
    const channel = Object.hasOwn(this.host.channels, params.channel) ? this.host.channels[params.channel] : undefined;
    if (!channel || this.subscriptions.size >= this.host.maxSubscriptions) {
      this.logger.warn({ identifier, known: Boolean(channel) }, "rejecting subscription: unknown channel or too many");
      return this.send(subscriptionReplyFrame(identifier, "reject_subscription"));
    }
    const subscription = new ChannelSubscription(this, identifier, params, channel);
    this.subscriptions.set(identifier, subscription);
    const confirmed = await subscription.start();
    if (!this.open) return;
    if (!confirmed) await this.remove(subscription);
    this.send(subscriptionReplyFrame(identifier, confirmed ? "confirm_subscription" : "reject_subscription"));
  }

  private async unsubscribe(identifier: string): Promise<void> {
    const subscription = this.subscriptions.get(identifier);
    if (!subscription) return this.logger.warn({ identifier }, "unsubscribe from unknown subscription");
    await this.remove(subscription);
  }

  private async perform(identifier: string, rawData: string): Promise<void> {
    const subscription = this.subscriptions.get(identifier);
    const data = parseObject(rawData);
    if (!subscription || !data) return this.logger.warn({ identifier }, "ignoring message: unknown subscription or bad data");
    if (!subscription.channel.received) return this.logger.warn({ identifier }, "channel does not receive messages");
    await subscription.channel.received(subscription, data);
  }

  private async remove(subscription: ChannelSubscription<U>): Promise<void> {
    this.subscriptions.delete(subscription.identifier);
    await subscription.stop();
  }

  private closed(): void {
    this.open = false;
    this.host.forget(this);
    this.queue = this.queue.then(() => this.removeAll());
  }

  private async removeAll(): Promise<void> {
    for (const subscription of [...this.subscriptions.values()]) await this.remove(subscription);
  }
}
