import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { SessionAggregateDto, SessionReportDetailsDto } from '@beacon/contracts';
import { guardCell } from '../../../shared/exports/csv-file';
import { reportTime, sessionFacts, STATISTIC_LABELS, type SessionReportAggregates } from './session-report-text';

type Cell = string | number;

const guarded = (cells: readonly Cell[]): Cell[] => cells.map((cell) => (typeof cell === 'string' ? guardCell(cell) : cell));

function addSheet(workbook: ExcelJS.Workbook, name: string, headings: readonly string[], rows: readonly (readonly Cell[])[], widths: readonly number[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = widths.map((width) => ({ width }));
  sheet.addRow([...headings]).font = { bold: true };
  for (const row of rows) sheet.addRow(guarded(row));
}

const countRows = (aggregate: SessionAggregateDto) => aggregate.buckets.map((bucket) => [bucket.key, bucket.count] as const);

/**
 * The session's report as a workbook (generate_session_xlsx): a "Summary" sheet with its facts and
 * statistics, then its people counted by state, by reply and by the minute they replied. Times in
 * the reader's timezone; no addresses. Written whole to `out` (a few hundred rows at most),
 * which it ends; resolves once `out` has finished.
 */
export async function writeSessionSummaryXlsx(
  details: SessionReportDetailsDto,
  aggregates: SessionReportAggregates,
  out: Writable,
  options: { timeZone: string },
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Beacon';
  workbook.title = details.name;

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [{ width: 22 }, { width: 48 }];
  for (const fact of sessionFacts(details, options.timeZone)) summary.addRow(guarded([fact.label, fact.value])).getCell(1).font = { bold: true };
  summary.addRow([]);
  summary.addRow(['Statistics', 'Count']).font = { bold: true };
  for (const [key, label] of STATISTIC_LABELS) summary.addRow([label, details.statistics[key]]);

  addSheet(workbook, 'By state', ['State', 'Count'], countRows(aggregates.state), [26, 10]);
  addSheet(workbook, 'By reply', ['Reply', 'Count'], countRows(aggregates.reply), [40, 10]);
  addSheet(
    workbook,
    'Replies over time',
    ['From', 'To', 'Count'],
    aggregates.reply_time.buckets.map((bucket) => [reportTime(bucket.from ?? bucket.key, options.timeZone), reportTime(bucket.to, options.timeZone), bucket.count]),
    [22, 22, 10],
  );

  await workbook.xlsx.write(out);
  await finished(out);
}
