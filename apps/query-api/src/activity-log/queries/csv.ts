/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, quote or line break is quoted,
 * its quotes doubled). A cell a spreadsheet would read as a formula (= + - @, tab, carriage return
 * first) gets a leading apostrophe, so an exported value can never run as one.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvText(rows: Iterable<readonly string[]>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return lines.map((line) => `${line}\r\n`).join('');
}
