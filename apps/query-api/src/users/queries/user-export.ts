import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { UserExportFormat } from '@beacon/contracts';

/** The export's columns, in order: the heading and the cell of each user. */
export const USER_EXPORT_HEADINGS = [
  'First name',
  'Last name',
  'Email',
  'Role',
  'Customer group',
  'Active',
  'Message recipient',
  'Preferred time zone',
  'Last activity',
  'Address string',
] as const;

export type UserExportRow = readonly string[];

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) gets a
 * single quote in front, so it shows as text.
 */
export const guardCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const UTF8_BOM = '\uFEFF';

export const USER_EXPORT_CONTENT_TYPES: Readonly<Record<UserExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The CSV file (UTF-8 with a byte order mark), written as the rows come. */
function csvStream(rows: AsyncIterable<UserExportRow>): Readable {
  const output = new PassThrough();
  output.write(UTF8_BOM);
  const csv = stringify({ header: true, columns: [...USER_EXPORT_HEADINGS] });
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

/** The XLSX workbook, written by exceljs' streaming writer as the rows come (each row committed at once). */
function xlsxStream(rows: AsyncIterable<UserExportRow>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Users');
  void (async () => {
    try {
      sheet.addRow([...USER_EXPORT_HEADINGS]).commit();
      for await (const row of rows) {
        sheet.addRow(row.map(guardCell)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}

export const userExportStream = (format: UserExportFormat, rows: AsyncIterable<UserExportRow>): Readable =>
  format === 'xlsx' ? xlsxStream(rows) : csvStream(rows);
