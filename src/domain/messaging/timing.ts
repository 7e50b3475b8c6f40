// Timing constants of the live layer, shared by the server and the Stimulus controllers.

/** A message box reports typing at most once per this many ms. */
export const TYPING_THROTTLE_MS = 8_000;
/**
 * The server relays one typing report per user and conversation in this window, whatever the
 * browser does (half the browser's throttle, so two open tabs still get through).
 */
export const SERVER_TYPING_INTERVAL_MS = TYPING_THROTTLE_MS / 2;
/** A typing notice removes itself after this many ms. */
export const TYPING_NOTICE_LIFETIME_MS = 10_000;
/** The message list scrolls to its newest entry this long after the window stops resizing. */
export const SCROLL_RESIZE_DELAY_MS = 100;
/** Expandable content is clamped to this height until expanded. */
export const EXPANDABLE_MAX_HEIGHT_PX = 256;

/** One typing report per box per throttle window; `lastSentAt` null = never sent. */
export function shouldReportTyping(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= TYPING_THROTTLE_MS;
}

/**
 * The server's throttle of typing reports, one relay per key (writer and conversation) in
 * SERVER_TYPING_INTERVAL_MS: a misbehaving client cannot flood a conversation. Answers whether to relay now.
 */
export function typingRelay(): (key: string, now: number) => boolean {
  const last = new Map<string, number>();
  return (key, now) => {
    const previous = last.get(key);
    if (previous !== undefined && now - previous < SERVER_TYPING_INTERVAL_MS) return false;
    if (last.size > 10_000) last.clear();
    last.set(key, now);
    return true;
  };
}
