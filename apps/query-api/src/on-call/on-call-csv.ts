import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** An on-call file as the controller answers it. */
export interface OnCallCsvFile {
  readonly filename: string;
  readonly stream: Readable;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) gets a
 * single quote in front, so it shows as text.
 */
export const guardCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A header naming the zone its times are in: "Start (Europe/London)". */
export const zoned = (heading: string, timeZone: string) => `${heading} (${timeZone})`;

/** Hours between two instants, to two decimals ("14", "0.5"). */
export const hoursBetween = (start: number, end: number) => String(Math.round(((end - start) / 3_600_000) * 100) / 100);

/** The CSV file (UTF-8 with a byte order mark, so spreadsheets read accents), written as the rows come. */
export function csvStream(headings: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  const output = new PassThrough();
  output.write(UTF8_BOM);
  const csv = stringify({ header: true, columns: headings.map(guardCell) });
  csv.on('error', (error) => output.destroy(error));
  csv.pipe(output);
  void (async () => {
    try {
      for await (const row of rows) {
        if (!csv.write(row.map(guardCell))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}

/** The day of the file's name: `on-call-roster-2026-11-26.csv`. */
export const csvName = (kind: string, now: number) => `${kind}-${new Date(now).toISOString().slice(0, 10)}.csv`;
