/** How a load is named when quoted to someone (and copied from the page): "NW-2031 · 3". */
export function loadNumber(reference: string, sequence: number): string {
  return `${reference} · ${sequence}`;
}
