// Previous/next links between the pages of a list, worked out once for every list that has pages.
// A list either knows its number of pages or only whether another page follows (the loads list,
// which reads one row more than it shows instead of counting).

export type PageLinks = { page: number; pages: number | null; previousHref: string | null; nextHref: string | null };

type Extent = { pages: number } | { hasNext: boolean };

/** The links for page `page` of a list whose page `n` is at `href(n)`. */
export function pageLinks(page: number, extent: Extent, href: (n: number) => string): PageLinks {
  const pages = "pages" in extent ? extent.pages : null;
  const last = pages ?? ("hasNext" in extent && extent.hasNext ? page + 1 : page);
  return { page, pages, previousHref: page > 1 ? href(page - 1) : null, nextHref: last > page ? href(page + 1) : null };
}

/** `path` with `params` as its query string, leaving out empty values (no "?" when none is left). */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === null || value === undefined || value === "" ? [] : [[key, String(value)]])));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
