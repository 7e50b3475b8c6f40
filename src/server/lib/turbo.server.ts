import type { Request } from "express";
import { turboStreamFromTag } from "#cable/channels/turbo-streams-channel.ts";
import { derivedKey } from "#lib/secrets.server.ts";
import { currentTurboRequestId } from "#lib/logger.server.ts";

// Everything Turbo-specific the server writes: the stream content type, stream actions, dom ids and
// signed `<turbo-cable-stream-source>` tags.

export const TURBO_STREAM = "text/vnd.turbo-stream.html";

/** Turbo asks for streams explicitly in Accept; a plain form post (or no Accept) gets HTML. */
export const acceptsTurboStream = (req: Request) => (req.get("Accept") ?? "").includes(TURBO_STREAM);

export type StreamAction = "append" | "prepend" | "replace" | "update" | "remove" | "before" | "after";

/**
 * Tells every page following the stream to fetch itself again (Turbo 8; repeated refreshes are
 * merged). Sent while a request Turbo made is handled, it names that request, as Rails'
 * broadcast_refresh_to does: the page that made the change ignores it (it is already showing the
 * result, and a refresh would morph away the flash message it was just given); every other page
 * refreshes.
 */
export function refreshStream(): string {
  const requestId = currentTurboRequestId();
  return requestId ? `<turbo-stream action="refresh" request-id="${escapeAttribute(requestId)}"></turbo-stream>` : '<turbo-stream action="refresh"></turbo-stream>';
}

export function turboStream(action: StreamAction, target: string, html = ""): string {
  const template = action === "remove" ? "" : `<template>${html}</template>`;
  return `<turbo-stream action="${action}" target="${escapeAttribute(target)}">${template}</turbo-stream>`;
}

/** "message_12", like Rails' dom_id: the element id a stream targets. */
export function domId(record: { id: number | string }, prefix: string): string {
  return `${prefix}_${record.id}`;
}

export function streamSecret(): Buffer {
  return derivedKey("turbo signed stream names");
}

/** `<turbo-cable-stream-source>` for a stream, signed so only the server can name one. */
// A person's pages name the same few streams on every render; each tag is an HMAC, so it is signed
// once per stream and secret and kept (a bounded memo: cleared when full or when the secret changes).
const signedTags = new Map<string, string>();
let signedWith: Buffer | undefined;
const MAX_KEPT_TAGS = 50_000;

export function streamTag(stream: string): string {
  const secret = streamSecret();
  if (secret !== signedWith || signedTags.size >= MAX_KEPT_TAGS) {
    signedTags.clear();
    signedWith = secret;
  }
  let tag = signedTags.get(stream);
  if (tag === undefined) signedTags.set(stream, (tag = turboStreamFromTag(stream, secret)));
  return tag;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
