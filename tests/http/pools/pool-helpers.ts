import { db } from "#db/client.server.ts";

// What the pool tests share: a pool made directly, and a refused page's messages read as a person would.

export const makePool = (name: string, owner: { id: number; accountId: number }) =>
  db().pool.create({ data: { shipperAccountId: owner.accountId, name, createdById: owner.id } });

const decoded = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#39;/g, "'").replace(/&#34;|&quot;/g, '"').replace(/&amp;/g, "&").trim();

/** The error summary's lines, in order; [] when the page has none. */
export function summaryLines(html: string): string[] {
  const summary = /<div class="form-error error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
  return [...summary.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => decoded(match[1]!));
}

/** The message shown beside a field (by its id), or null. */
export function fieldMessage(html: string, id: string): string | null {
  const match = new RegExp(`<p class="field-error" id="${id}_error">([^<]*)</p>`).exec(html);
  return match ? decoded(match[1]!) : null;
}

/** The flash notice on a page. */
export const pageText = (html: string) => decoded(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ").trim();
