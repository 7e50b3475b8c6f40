// Wire format of the ActionCable "actioncable-v1-json" protocol, as @rails/actioncable expects it
// (the exchange from upgrade to broadcast, step by step: docs/cable.md).

export const CABLE_PROTOCOL = "actioncable-v1-json";
export const UNSUPPORTED_PROTOCOL = "actioncable-unsupported";

export type DisconnectReason = "unauthorized" | "invalid_request" | "server_restart" | "remote";
export type SubscriptionReply = "confirm_subscription" | "reject_subscription";

export type ClientCommand =
  | { command: "subscribe"; identifier: string }
  | { command: "unsubscribe"; identifier: string }
  | { command: "message"; identifier: string; data: string };

/** Identifier JSON decoded: Rails' `params`, always naming the channel. */
export type ChannelParams = Readonly<Record<string, unknown>> & { readonly channel: string };

export const WELCOME_FRAME = '{"type":"welcome"}';

export function pingFrame(nowMs: number): string {
  return `{"type":"ping","message":${Math.floor(nowMs / 1000)}}`;
}

export function disconnectFrame(reason: DisconnectReason, reconnect: boolean): string {
  return JSON.stringify({ type: "disconnect", reason, reconnect });
}

export function subscriptionReplyFrame(identifier: string, type: SubscriptionReply): string {
  return JSON.stringify({ identifier, type });
}

/** `messageJson` is already JSON so a broadcast is encoded once, not once per subscriber. */
export function messageFrame(identifier: string, messageJson: string): string {
  return `{"identifier":${JSON.stringify(identifier)},"message":${messageJson}}`;
}

/** Rails' server lists both protocols; the client closes by itself when it gets "unsupported". */
export function chooseProtocol(offered: ReadonlySet<string>): string | false {
  if (offered.has(CABLE_PROTOCOL)) return CABLE_PROTOCOL;
  if (offered.has(UNSUPPORTED_PROTOCOL)) return UNSUPPORTED_PROTOCOL;
  return false;
}

export function parseCommand(raw: string): ClientCommand | null {
  const frame = parseObject(raw);
  if (!frame || typeof frame.identifier !== "string") return null;
  const { command, identifier } = frame;
  if (command === "subscribe") return { command, identifier };
  if (command === "unsubscribe") return { command, identifier };
  if (command === "message" && typeof frame.data === "string") return { command, identifier, data: frame.data };
  return null;
}

export function parseIdentifier(identifier: string): ChannelParams | null {
  const params = parseObject(identifier);
  return params && typeof params.channel === "string" ? (params as ChannelParams) : null;
}

export function parseObject(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
