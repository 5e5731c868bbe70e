import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) gets a
 * single quote in front, so it shows as text.
 */
export const guardCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * A CSV file (UTF-8 with a byte order mark, so spreadsheets read accents), written as the rows come,
 * every cell and heading guarded against formulas; an error reading the rows ends the stream with it.
 */
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
