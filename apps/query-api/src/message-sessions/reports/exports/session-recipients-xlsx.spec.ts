import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { SessionRecipientDto } from '@beacon/contracts';
import { DETAILS_FIXTURE, deviceFixture, recipientFixture, RECIPIENTS_FIXTURE, streamOf } from './session-report-exports.fixtures';
import { writeSessionRecipientsXlsx } from './session-recipients-xlsx';

let folder: string;
let files = 0;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'session-recipients-xlsx-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(rows: AsyncIterable<SessionRecipientDto>, options: { timeZone: string; addresses: boolean }) {
  const path = join(folder, `people-${++files}.xlsx`);
  const result = await writeSessionRecipientsXlsx(DETAILS_FIXTURE, rows, createWriteStream(path), options);
  return { path, result };
}

async function read(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

const allText = (sheet: ExcelJS.Worksheet) => {
  const cells: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  return cells.join('\n');
};

describe('writeSessionRecipientsXlsx', () => {
  it('writes one "People" sheet: the headings with addresses, then a row per person in order', async () => {
    const { path, result } = await write(streamOf(RECIPIENTS_FIXTURE), { timeZone: 'Europe/London', addresses: true });
    const workbook = await read(path);

    expect(result).toEqual({ rows: 5 });
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['People']);
    expect(workbook.title).toBe('Flood warning — Riverside');
    const sheet = workbook.getWorksheet('People')!;
    expect(sheet.actualRowCount).toBe(6);
    expect(rowValues(sheet, 1)).toEqual(['Name', 'Address string', 'Email', 'Phone', 'State', 'Reply', 'Reply time', 'Devices']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(rowValues(sheet, 2)).toEqual([
      'Ada Lovelace',
      "'+447700900001, ada@example.org",
      'ada@example.org',
      "'+447700900001",
      'Successful Delivery',
      'Yes, safe',
      '27/11/2026 08:31:05',
      'SMS: delivered in 4 s; EMAIL: failed — Bounced: the mailbox does not exist or refused the message (550 5.1.1 User unknown)',
    ]);
    expect(sheet.getColumn(1).values.slice(2)).toEqual(['Ada Lovelace', '\'=HYPERLINK("http://evil.example","Click")', 'Пётр Ильич Чайковский', 'Grace Hopper', 'Alan Turing']);
  });

  it('puts a quote before every text that a spreadsheet would read as a formula', async () => {
    const risky = ['=1+1', '+1', '-1', '@SUM(A1)', '\tTab', '\rReturn'];
    const { path } = await write(
      streamOf(risky.map((name, index) => recipientFixture({ id: `u-${index}`, name, reply: index === 0 ? '=cmd|"/c calc"!A0' : 'Yes' }))),
      { timeZone: 'Europe/London', addresses: false },
    );
    const sheet = (await read(path)).getWorksheet('People')!;

    // An XML reader takes a carriage return for a line feed; the quote in front is what counts.
    expect(sheet.getColumn(1).values.slice(2)).toEqual(risky.map((name) => `'${name.replace('\r', '\n')}`));
    expect(sheet.getCell('C2').value).toBe('\'=cmd|"/c calc"!A0');
    expect(sheet.getCell('C3').value).toBe('Yes');
  });

  it('leaves out the address string, email and phone columns, and every address, without addresses', async () => {
    const { path } = await write(streamOf(RECIPIENTS_FIXTURE), { timeZone: 'Europe/London', addresses: false });
    const sheet = (await read(path)).getWorksheet('People')!;

    expect(rowValues(sheet, 1)).toEqual(['Name', 'State', 'Reply', 'Reply time', 'Devices']);
    expect(rowValues(sheet, 4)).toEqual([
      'Пётр Ильич Чайковский',
      'Delivery Failure',
      'Delivery Failure',
      undefined,
      'EMAIL: failed — Bounced: the mailbox does not exist or refused the message',
    ]);
    const text = allText(sheet);
    expect(text).not.toContain('example.org');
    expect(text).not.toContain('7700900');
  });

  it("shows reply times in the reader's timezone, and each device's outcome", async () => {
    const { path } = await write(
      streamOf([
        recipientFixture({
          devices: [
            deviceFixture({ channel: 'VOICE', attempt: 2, status: 'replied', seconds_to_delivery: 75 }),
            deviceFixture({ channel: 'PUSH', status: 'timed_out', failure: 'timed_out', delivered_at: null, seconds_to_delivery: null }),
          ],
        }),
        recipientFixture({ id: 'teams-1', name: null, devices: [] }),
      ]),
      { timeZone: 'Asia/Tokyo', addresses: false },
    );
    const sheet = (await read(path)).getWorksheet('People')!;

    expect(sheet.getCell('D2').value).toBe('27/11/2026 17:31:05');
    expect(sheet.getCell('E2').value).toBe('VOICE (attempt 2): replied in 1 min 15 s; PUSH: timed out — Timed out: no answer before the message timeout');
    expect(sheet.getCell('A3').value).toBe('teams-1');
    expect(sheet.getCell('E3').value).toBe('No device: the person holds no address for the message’s devices');
  });

  it('rejects when reading the people fails', async () => {
    async function* failing(): AsyncIterable<SessionRecipientDto> {
      yield recipientFixture();
      throw new Error('read store gone');
    }
    await expect(write(failing(), { timeZone: 'Europe/London', addresses: true })).rejects.toThrow('read store gone');
  });

  it('stops reading the people once its output closes (a reader gone)', async () => {
    let given = 0;
    async function* many(): AsyncIterable<SessionRecipientDto> {
      for (; given < 50_000; given++) yield recipientFixture({ id: `u-${given}` });
    }
    const gone = new Writable({
      write(_chunk, _encoding, callback) {
        callback();
        this.destroy();
      },
    });

    await expect(writeSessionRecipientsXlsx(DETAILS_FIXTURE, many(), gone, { timeZone: 'Europe/London', addresses: false })).rejects.toThrow('its output closed');
    expect(given).toBeLessThan(50_000);
  });

  it('streams 100,000 people with flat memory (heap growth well under 150 MB)', async () => {
    const PEOPLE = 100_000;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    // The heap, and the buffers outside it (the zip's and the file's), where held-back output would pile up.
    const used = () => {
      const memory = process.memoryUsage();
      return { heap: memory.heapUsed, buffers: memory.arrayBuffers };
    };
    const baseline = used();
    const peak = { ...baseline };
    const sample = () => {
      const now = used();
      peak.heap = Math.max(peak.heap, now.heap);
      peak.buffers = Math.max(peak.buffers, now.buffers);
    };
    async function* people(): AsyncIterable<SessionRecipientDto> {
      for (let index = 0; index < PEOPLE; index++) {
        if (index % 1000 === 0) sample();
        yield recipientFixture({
          id: `u-${index}`,
          name: `Person ${index} ${'x'.repeat(index % 40)}`,
          address_string: `+4477009${String(index).padStart(5, '0')}, person${index}@example.org`,
          email: `person${index}@example.org`,
          phone_number: `+4477009${String(index).padStart(5, '0')}`,
        });
      }
    }

    const { path, result } = await write(people(), { timeZone: 'Europe/London', addresses: true });
    sample();
    const mb = (bytes: number) => bytes / (1024 * 1024);
    const heapGrowth = mb(peak.heap - baseline.heap);
    const bufferGrowth = mb(peak.buffers - baseline.buffers);
    console.log(
      `100,000 people: heapUsed growth ${heapGrowth.toFixed(1)} MB, buffers growth ${bufferGrowth.toFixed(1)} MB (peaks over the baseline${gc ? ' after gc' : ''}); file ${mb((await stat(path)).size).toFixed(1)} MB`,
    );

    expect(result).toEqual({ rows: PEOPLE });
    // The budget for the export is 300 MB; the writer must stay well inside it whatever the machine's load.
    // (Buffers hold the rows' XML until the zip takes it: about 50 MB at most, unloaded a few MB; under CI's load the
    // zip trails further, so they are bounded with the heap rather than alone.)
    expect(heapGrowth + bufferGrowth).toBeLessThan(150);
    let read = 0;
    let last: unknown[] = [];
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' })) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        read++;
        last = (row.values as unknown[]).slice(1, 2);
      }
    }
    expect(read).toBe(PEOPLE + 1);
    expect(last).toEqual([`Person ${PEOPLE - 1} ${'x'.repeat((PEOPLE - 1) % 40)}`]);
  });
});
