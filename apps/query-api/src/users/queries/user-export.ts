import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { UserExportFormat } from '@beacon/contracts';
import { CSV_CONTENT_TYPE, csvStream, guardCell } from '../../shared/exports/csv-file';

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

export const USER_EXPORT_CONTENT_TYPES: Readonly<Record<UserExportFormat, string>> = {
  csv: CSV_CONTENT_TYPE,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

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
  format === 'xlsx' ? xlsxStream(rows) : csvStream(USER_EXPORT_HEADINGS, rows);
