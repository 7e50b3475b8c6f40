import type { CableUser, ChannelDefinition } from "../channel.ts";
import {
  signStreamName,
  streamNameFrom,
  verifyStreamName,
  type StreamNameSource,
  type StreamSecret,
} from "../signed-stream-name.ts";

export const TURBO_STREAMS_CHANNEL = "Turbo::StreamsChannel";

export interface TurboStreamsChannelOptions<U extends CableUser> {
  secret: StreamSecret;
  /** Decides at subscribe time whether this user may follow this (verified) stream. */
  authorize(user: U, streamName: string): boolean | Promise<boolean>;
}

/**
 * Turbo::StreamsChannel for `<turbo-cable-stream-source channel="Turbo::StreamsChannel"
 * signed-stream-name="…">`. A signature only proves the server once rendered that name; `authorize`
 * also checks that the name still belongs to this user, so a leaked tag is not a permanent pass.
 */
export function createTurboStreamsChannel<U extends CableUser>(options: TurboStreamsChannelOptions<U>): ChannelDefinition<U> {
  return {
    async subscribed(ctx) {
      const streamName = verifyStreamName(ctx.params.signed_stream_name, options.secret);
      if (streamName === null || !(await options.authorize(ctx.user, streamName))) return ctx.reject();
      await ctx.streamFrom(streamName);
    },
  };
}

export interface Broadcaster {
  broadcast(stream: string, message: unknown): Promise<void>;
}

/** Sends Turbo Stream HTML to every subscriber: the cable `message` is the HTML as a JSON string. */
export function broadcastTurboStream(cable: Broadcaster, stream: StreamNameSource, html: string): Promise<void> {
  return cable.broadcast(streamNameFrom(stream), html);
}

/** turbo-rails' `turbo_stream_from` tag. */
export function turboStreamFromTag(stream: StreamNameSource, secret: StreamSecret): string {
  const signed = escapeAttribute(signStreamName(stream, secret));
  return `<turbo-cable-stream-source channel="${TURBO_STREAMS_CHANNEL}" signed-stream-name="${signed}"></turbo-cable-stream-source>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
