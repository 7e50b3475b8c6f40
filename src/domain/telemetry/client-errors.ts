// Errors the reporter drops: browser noise (extensions, cross-origin scripts, resize loops), not bugs of ours.
const IGNORED_PATTERNS: RegExp[] = [
  /^script error\.?$/i,
  /ResizeObserver loop limit exceeded/i,
  /ResizeObserver loop completed with undelivered notifications/i,
  /failed to fetch/i,
  /networkerror/i,
  /network ?error/i,
  /load failed/i,
  /Object Not Found Matching Id/i,
  /is not a valid selector/i,
  /empty selector/i,
  /The provided selector is empty/i,
];

export function isIgnoredClientError(message: string): boolean {
  const text = message.trim();
  return text === "" || IGNORED_PATTERNS.some((pattern) => pattern.test(text));
}
