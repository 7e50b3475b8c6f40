import { createRequire } from "node:module";
import { WebSocket } from "ws";
import { ORIGIN } from "./cable-harness.ts";

// The real @rails/actioncable 8.1 client (its UMD build), typed only as far as the tests use it.
export interface CableSubscription {
  identifier: string;
  perform(action: string, data?: Record<string, unknown>): boolean;
  unsubscribe(): void;
}

export interface SubscriptionMixin {
  connected?(details: { reconnected: boolean }): void;
  disconnected?(details: { willAttemptReconnect: boolean }): void;
  rejected?(): void;
  received?(message: unknown): void;
}

export interface Consumer {
  subscriptions: { create(params: Record<string, unknown>, mixin: SubscriptionMixin): CableSubscription };
  connection: { isOpen(): boolean; monitor: { isRunning(): boolean }; webSocket?: RecordingWebSocket };
  disconnect(): void;
}

interface ActionCableModule {
  createConsumer(url: string): Consumer;
  adapters: { WebSocket: unknown };
  ConnectionMonitor: { staleThreshold: number };
}

export const ActionCable = createRequire(import.meta.url)("@rails/actioncable") as ActionCableModule;

/** What a browser adds that Node's ws does not: the Origin header. Records frames for assertions. */
export class RecordingWebSocket extends WebSocket {
  readonly received: string[] = [];

  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { origin: ORIGIN });
    this.addEventListener("message", (event) => this.received.push(String(event.data)));
  }
}

/** Installs the Node stand-ins the library needs; returns a function that removes them. */
export function installBrowserShims(): () => void {
  const scope = globalThis as Record<string, unknown>;
  const saved = { addEventListener: scope.addEventListener, removeEventListener: scope.removeEventListener };
  scope.addEventListener = () => {};
  scope.removeEventListener = () => {};
  ActionCable.adapters.WebSocket = RecordingWebSocket;
  return () => Object.assign(scope, saved);
}

/** A subscription mixin that records what the library tells it. */
export function recorder() {
  const events: string[] = [];
  const received: unknown[] = [];
  const mixin: SubscriptionMixin = {
    connected: ({ reconnected }) => void events.push(reconnected ? "reconnected" : "connected"),
    disconnected: ({ willAttemptReconnect }) => void events.push(willAttemptReconnect ? "disconnected, will retry" : "disconnected"),
    rejected: () => void events.push("rejected"),
    received: (message) => void received.push(message),
  };
  return { events, received, mixin };
}
