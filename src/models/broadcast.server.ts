import path from "node:path";
import ejs from "ejs";
import { broadcastTurboStream, turboStreamFromTag } from "#cable/channels/turbo-streams-channel.ts";
import type { CableServer } from "#cable/server.ts";
import { derivedKey } from "#lib/secrets.server.ts";
import { asset } from "#lib/assets.server.ts";
import * as format from "#lib/format.server.ts";

// The app-wide cable as models see it. Without a running cable (HTTP tests, scripts) every call is a
// quiet no-op, so a model never has to ask whether anyone is listening.

export type LiveCable = Pick<CableServer, "broadcast" | "disconnectUser" | "restart">;

let cable: LiveCable | null = null;

export function useCable(next: LiveCable | null): void {
  cable = next;
}

export function currentCable(): LiveCable | null {
  return cable;
}

/** Sends Turbo Stream HTML to everyone following `stream`; a failure is logged, never thrown into the caller's write. */
export async function broadcastTo(stream: string, html: string): Promise<void> {
  if (!cable || !html) return;
  try {
    await broadcastTurboStream(cable, stream, html);
  } catch (err) {
    console.error("broadcast failed", stream, err);
  }
}

/** Closes the user's sockets everywhere (sign-out); they reconnect only if still signed in. */
export async function disconnectUser(userId: number): Promise<void> {
  await cable?.disconnectUser(userId, { reconnect: true });
}

export function streamSecret(): Buffer {
  return derivedKey("turbo signed stream names");
}

/** `<turbo-cable-stream-source>` for a stream (turbo-rails' `turbo_stream_from`). */
export function streamTag(stream: string): string {
  return turboStreamFromTag(stream, streamSecret());
}

export type StreamAction = "append" | "prepend" | "replace" | "update" | "remove" | "before" | "after";

export function turboStream(action: StreamAction, target: string, html = ""): string {
  const template = action === "remove" ? "" : `<template>${html}</template>`;
  return `<turbo-stream action="${action}" target="${escapeAttribute(target)}">${template}</turbo-stream>`;
}

const VIEWS = path.resolve("views");
const cacheTemplates = process.env.NODE_ENV === "production";

/**
 * A partial rendered without a request, for broadcasts. Pages render the same partial (their
 * Turbo Stream answers use this very function), so what arrives live matches what a reload shows.
 * Such partials must not depend on who is looking: the browser adapts them (e.g. "mine" styling).
 */
export function renderTemplate(view: string, locals: Record<string, unknown> = {}): Promise<string> {
  return ejs.renderFile(path.join(VIEWS, `${view}.ejs`), { ...format, asset, ...locals }, { cache: cacheTemplates });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
