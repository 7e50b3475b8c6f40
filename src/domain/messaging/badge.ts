// Unread badges: a count above 0 gives a highlighted style, otherwise neutral.

export type BadgeState = "highlighted" | "neutral";

export const HIGHLIGHTED_CLASS = "badge-unread";

export function badgeState(count: number): BadgeState {
  return count > 0 ? "highlighted" : "neutral";
}

/** What the badge shows: large counts are capped so the pill stays small. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "0";
  return count > 99 ? "99+" : String(Math.floor(count));
}

/** The badge's class list for a count: the server renders it, the browser keeps it in step. */
export function badgeClasses(count: number): string {
  return badgeState(count) === "highlighted" ? `badge ${HIGHLIGHTED_CLASS}` : "badge";
}

export type BadgeView = { count: number; state: BadgeState; classes: string; text: string };

/** Everything a badge partial shows, computed once on the server. */
export function badgeView(count: number): BadgeView {
  return { count, state: badgeState(count), classes: badgeClasses(count), text: badgeText(count) };
}
