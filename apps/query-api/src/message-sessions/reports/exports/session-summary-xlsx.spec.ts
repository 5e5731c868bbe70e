import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { SessionReportDetailsDto } from '@beacon/contracts';
import { AGGREGATES_FIXTURE, DETAILS_FIXTURE } from './session-report-exports.fixtures';
import { writeSessionSummaryXlsx } from './session-summary-xlsx';

let folder: string;
let files = 0;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'session-summary-xlsx-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function written(details: SessionReportDetailsDto = DETAILS_FIXTURE, timeZone = 'Europe/London', aggregates = AGGREGATES_FIXTURE) {
  const path = join(folder, `summary-${++files}.xlsx`);
  await writeSessionSummaryXlsx(details, aggregates, createWriteStream(path), { timeZone });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

const rows = (sheet: ExcelJS.Worksheet) => {
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return values;
};

describe('writeSessionSummaryXlsx', () => {
  it('has a Summary sheet and one sheet per count, in order', async () => {
    const workbook = await written();

    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'By state', 'By reply', 'Replies over time']);
  });

  it("shows the session's facts, with times in the reader's timezone, and its six statistics", async () => {
    expect(rows((await written()).getWorksheet('Summary')!)).toEqual([
      ['Message name', 'Flood warning — Riverside'],
      ['Message type', 'Broadcast'],
      ['Sent as', 'Real message'],
      ['Channels', 'SMS, EMAIL'],
      ['Status', 'Complete'],
      ['Started', '27/11/2026 08:30:00'],
      ['Completed', '27/11/2026 09:00:00'],
      ['Timeout', '30 min'],
      ['Statistics', 'Count'],
      ['Total recipients', 6],
      ['Excluded users', 1],
      ['Responded', 2],
      ['Delivered', 3],
      ['Delivery failures', 1],
      ['Pending', 1],
    ]);
    const tokyo = (await written(DETAILS_FIXTURE, 'Asia/Tokyo')).getWorksheet('Summary')!;
    expect(tokyo.getCell('B6').value).toBe('27/11/2026 17:30:00');
  });

  it('guards a reply a spreadsheet would take for a formula', async () => {
    const reply = { ...AGGREGATES_FIXTURE.reply, buckets: [{ key: '=HYPERLINK("http://evil.example")', count: 1 }] };
    const sheet = (await written(DETAILS_FIXTURE, 'Europe/London', { ...AGGREGATES_FIXTURE, reply })).getWorksheet('By reply')!;

    expect(sheet.getCell('A2').value).toBe('\'=HYPERLINK("http://evil.example")');
    expect(sheet.getCell('B2').value).toBe(1);
  });

  it('shows a session not yet started as such, and guards a name a spreadsheet would take for a formula', async () => {
    const summary = (
      await written({ ...DETAILS_FIXTURE, name: '@SUM(1+1)*cmd', status: 'scheduled', started_at: null, completed_at: null, session_type: 'conference', is_real: false, timeout_seconds: 5403 })
    ).getWorksheet('Summary')!;

    expect(summary.getCell('B1').value).toBe("'@SUM(1+1)*cmd");
    expect(summary.getCell('B2').value).toBe('Conference');
    expect(summary.getCell('B3').value).toBe('Test message');
    expect(summary.getCell('B5').value).toBe('Scheduled');
    expect(summary.getCell('B6').value).toBe('—');
    expect(summary.getCell('B7').value).toBe('—');
    expect(summary.getCell('B8').value).toBe('1 h 30 min 3 s');
  });

  it('counts the people by state, by reply and by the minute they replied', async () => {
    const workbook = await written();

    expect(rows(workbook.getWorksheet('By state')!)).toEqual([
      ['State', 'Count'],
      ['Successful Delivery', 3],
      ['Delivery Failure', 1],
      ['Pending', 1],
    ]);
    expect(rows(workbook.getWorksheet('By reply')!)).toEqual([
      ['Reply', 'Count'],
      ['Yes, safe', 2],
      ['No Response', 2],
      ['Delivery Failure', 1],
      ['Excluded Users', 1],
    ]);
    expect(rows(workbook.getWorksheet('Replies over time')!)).toEqual([
      ['From', 'To', 'Count'],
      ['27/11/2026 08:31:00', '27/11/2026 08:32:00', 1],
      ['27/11/2026 08:40:00', '27/11/2026 08:41:00', 1],
    ]);
    expect(workbook.getWorksheet('By reply')!.getRow(1).font?.bold).toBe(true);
  });
});
