/** Adds a stylesheet once (islands bring their widget CSS only to pages that use them). */
export function ensureStylesheet(href: string): void {
  if (document.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}
