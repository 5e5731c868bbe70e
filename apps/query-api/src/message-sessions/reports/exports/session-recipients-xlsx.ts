import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SessionRecipientDto, SessionReportDetailsDto } from '@beacon/contracts';
import { guardCell } from '../../../shared/exports/csv-file';
import { devicesText, recipientName, reportTime } from './session-report-text';

interface RecipientColumn {
  readonly heading: string;
  readonly width: number;
  /** Only for a reader who may see address strings. */
  readonly address?: true;
  readonly text: (recipient: SessionRecipientDto, timeZone: string) => string;
}

const COLUMNS: readonly RecipientColumn[] = [
  { heading: 'Name', width: 28, text: recipientName },
  { heading: 'Address string', width: 40, address: true, text: (recipient) => recipient.address_string ?? '' },
  { heading: 'Email', width: 30, address: true, text: (recipient) => recipient.email ?? '' },
  { heading: 'Phone', width: 18, address: true, text: (recipient) => recipient.phone_number ?? '' },
  { heading: 'State', width: 22, text: (recipient) => recipient.state },
  { heading: 'Reply', width: 22, text: (recipient) => recipient.reply },
  { heading: 'Reply time', width: 20, text: (recipient, timeZone) => reportTime(recipient.reply_time, timeZone) },
  { heading: 'Devices', width: 60, text: (recipient) => devicesText(recipient.devices) },
];

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits until the row just committed can be taken in. exceljs hands committed rows to its zip without
 * heeding the zip's backpressure, and the zip moves a chunk on only when the event loop turns: rows
 * that come without I/O between them would pile up in memory uncompressed. So every row gives the
 * loop a turn, and a full `out` (a slow reader) is waited for; an `out` closed early stops the export.
 */
async function taken(out: Writable): Promise<void> {
  await nextTurn();
  if (out.writableNeedDrain) {
    const settled = new AbortController();
    try {
      await Promise.race([once(out, 'drain', { signal: settled.signal }), once(out, 'close', { signal: settled.signal })]);
    } finally {
      settled.abort();
    }
  }
  if (out.destroyed) throw new Error('The workbook could not be written: its output closed.');
}

/**
 * A session's people as a workbook (detailed_session_xlsx): one row per person in the order `rows`
 * gives them, each committed at once so that memory stays flat however many there are. Address
 * strings, emails and phones only with `addresses`; every text cell guarded against formulas; times
 * in the reader's timezone. Ends `out`; resolves with the number of people once `out` has finished.
 * An error reading `rows` rejects and leaves `out` to the caller (to destroy it).
 */
export async function writeSessionRecipientsXlsx(
  details: SessionReportDetailsDto,
  rows: AsyncIterable<SessionRecipientDto>,
  out: Writable,
  options: { timeZone: string; addresses: boolean },
): Promise<{ rows: number }> {
  const columns = COLUMNS.filter((column) => options.addresses || !column.address);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Beacon';
  workbook.title = details.name;
  const sheet = workbook.addWorksheet('People', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: column.width }));
  const heading = sheet.addRow(columns.map((column) => column.heading));
  heading.font = { bold: true };
  heading.commit();

  let count = 0;
  for await (const recipient of rows) {
    sheet.addRow(columns.map((column) => guardCell(column.text(recipient, options.timeZone)))).commit();
    count++;
    await taken(out);
  }
  sheet.commit();
  await workbook.commit();
  return { rows: count };
}
