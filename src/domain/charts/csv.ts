// Figures for a spreadsheet: RFC 4180 CSV (quoted where needed, CRLF line ends). Text cells that
// a spreadsheet would run as a formula (starting =, +, - or @: a company can be called anything)
// are written with a leading apostrophe; `{ raw }` cells are numbers or dates we wrote ourselves.

export type CsvCell = string | { raw: string };

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  const text = typeof value === "string" ? (FORMULA_START.test(value) ? `'${value}` : value) : value.raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** Pence as pounds with two decimals: 123450 → "1234.50". */
export const csvPounds = (pence: number): { raw: string } => ({ raw: (Math.round(pence) / 100).toFixed(2) });
export const csvNumber = (value: number): { raw: string } => ({ raw: String(Math.round(value * 100) / 100) });
