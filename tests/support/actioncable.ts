import { createRequire } from "node:module";

// The real @rails/actioncable 8.1 client (its UMD build) in Node, typed only as far as
// the tests use it. Shared by the cable unit tests and the app-level cable tests.
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

export interface Consumer<Socket = unknown> {
  subscriptions: { create(params: Record<string, unknown>, mixin: SubscriptionMixin): CableSubscription };
  connection: { isOpen(): boolean; monitor: { isRunning(): boolean }; webSocket?: Socket };
  disconnect(): void;
}

interface ActionCableModule {
  createConsumer<Socket = unknown>(url: string): Consumer<Socket>;
  adapters: { WebSocket: unknown };
  ConnectionMonitor: { staleThreshold: number };
}

export const ActionCable = createRequire(import.meta.url)("@rails/actioncable") as ActionCableModule;

/** Installs the Node stand-ins the library needs (window listeners, a WebSocket class); returns a function that removes them. */
export function installBrowserShims(webSocketClass: unknown): () => void {
  const scope = globalThis as Record<string, unknown>;
  const saved = { addEventListener: scope.addEventListener, removeEventListener: scope.removeEventListener };
  scope.addEventListener = () => {};
  scope.removeEventListener = () => {};
  ActionCable.adapters.WebSocket = webSocketClass;
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
