import type { ChannelParams } from "./protocol.ts";

export type { ChannelParams };

/**
 * Whatever `authenticate` returns; `disconnectUser` matches on `id` and, when someone else is acting
 * as this user (support impersonating), on `actingId` too, so ending that person's sessions closes
 * the sockets they opened as someone else.
 */
export interface CableUser {
  readonly id: string | number;
  readonly actingId?: string | number | undefined;
}

/** What a channel sees of one subscription (Rails: the channel instance). */
export interface ChannelContext<U extends CableUser = CableUser> {
  readonly user: U;
  readonly params: ChannelParams;
  /** The identifier string exactly as the client sent it. */
  readonly identifier: string;
  /** Resolves once broadcasts to `stream` will reach this subscriber. */
  streamFrom(stream: string): Promise<void>;
  stopAllStreams(): void;
  /** Sends `message` to this subscriber only. */
  transmit(message: unknown): void;
  reject(): void;
}

/**
 * A channel, modelled on ActionCable::Channel::Base. `subscribed` decides: call `reject()` to refuse,
 * otherwise the subscription is confirmed once it returns and its streams are live.
 * `received` gets every `perform(action, data)` / `send(data)` from the client as the decoded
 * object (with `action` when the client used `perform`). `unsubscribed` runs on unsubscribe, on
 * socket close and, as in Rails, after a rejection.
 */
export interface ChannelDefinition<U extends CableUser = CableUser> {
  subscribed(ctx: ChannelContext<U>): void | Promise<void>;
  received?(ctx: ChannelContext<U>, data: Record<string, unknown>): void | Promise<void>;
  unsubscribed?(ctx: ChannelContext<U>): void | Promise<void>;
}
