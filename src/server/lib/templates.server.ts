import path from "node:path";
import ejs from "ejs";
import { asset } from "#lib/assets.server.ts";
import * as format from "#lib/format.server.ts";

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
