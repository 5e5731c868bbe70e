import { describe, expect, it } from '@jest/globals';
import type { SessionRecipientDto } from '@beacon/contracts';
import { pdfText } from '@beacon/testing';
import { AGGREGATES_FIXTURE, DETAILS_FIXTURE, recipientFixture, RECIPIENTS_FIXTURE, streamOf } from './session-report-exports.fixtures';
import { renderSessionReportPdf } from './session-report-pdf';

const render = (options: { rows?: readonly SessionRecipientDto[]; addresses?: boolean; timeZone?: string } = {}) =>
  renderSessionReportPdf(DETAILS_FIXTURE, AGGREGATES_FIXTURE, {
    timeZone: options.timeZone ?? 'Europe/London',
    addresses: options.addresses ?? false,
    ...(options.rows ? { rows: streamOf(options.rows) } : {}),
  });

/** Each page's text: a page ends with its number. */
const pagesOf = (text: string) => text.split(/^Page \d+ of \d+$/m).slice(0, -1);

describe('renderSessionReportPdf', () => {
  it('is a PDF with the title, the facts in the reader’s timezone and the six statistics', async () => {
    const bytes = await render();
    const { text, pages } = await pdfText(bytes);

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages).toBe(1);
    for (const expected of [
      'Session report',
      'Flood warning — Riverside',
      'Broadcast',
      'Complete',
      'SMS, EMAIL',
      '27/11/2026 08:30:00',
      '27/11/2026 09:00:00',
      '30 min',
      'Statistics',
      'Total recipients',
      'Excluded users',
      'Responded',
      'Delivered',
      'Delivery failures',
      'Pending',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Total recipients\n6\nExcluded users\n1\nResponded\n2\nDelivered\n3\nDelivery failures\n1\nPending\n1/);
    expect((await pdfText(await render({ timeZone: 'Asia/Tokyo' }))).text).toContain('27/11/2026 17:30:00');
  });

  it('counts the people by state and by reply', async () => {
    const { text } = await pdfText(await render());

    expect(text).toMatch(/By state\nState\nCount\nSuccessful Delivery\n3\nDelivery Failure\n1\nPending\n1/);
    expect(text).toMatch(/By reply\nReply\nCount\nYes, safe\n2\nNo Response\n2\nDelivery Failure\n1\nExcluded Users\n1/);
  });

  it('lists nobody without rows (the summary PDF)', async () => {
    const { text } = await pdfText(await render());

    expect(text).not.toContain('People');
    expect(text).not.toContain('Ada Lovelace');
  });

  it('lists the people with their address strings, non-Latin names included, when the reader may see addresses', async () => {
    const { text } = await pdfText(await render({ rows: RECIPIENTS_FIXTURE, addresses: true }));

    expect(text).toMatch(/People\nName\nAddress string\nState\nReply\nReply time\n/);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Пётр Ильич Чайковский');
    expect(text).toContain('petr@example.org');
    expect(text).toContain('27/11/2026 08:31:05');
  });

  it('leaves out the address string column and every address when the reader may not see addresses', async () => {
    const { text } = await pdfText(await render({ rows: RECIPIENTS_FIXTURE, addresses: false }));

    expect(text).toMatch(/People\nName\nState\nReply\nReply time\n/);
    expect(text).toContain('Ada Lovelace');
    expect(text).not.toContain('Address string');
    expect(text).not.toContain('example.org');
    expect(text).not.toContain('7700900');
  });

  it('cuts a cell too long for its column with an ellipsis', async () => {
    const long = `Maximilian ${'Alexander '.repeat(12)}Long-Surname`;
    const { text } = await pdfText(await render({ rows: [recipientFixture({ name: long })] }));

    expect(text).not.toContain('Long-Surname');
    expect(text).toMatch(/^Maximilian Alexander[^\n]*…$/m);
  });

  it('says so when no one matches', async () => {
    expect((await pdfText(await render({ rows: [] }))).text).toContain('Nobody matches.');
  });

  it('spreads many people over numbered pages, the table heading repeated at the top of each', async () => {
    const many = Array.from({ length: 200 }, (_, index) => recipientFixture({ id: `u-${index}`, name: `Person ${index}` }));
    const { text, pages } = await pdfText(await render({ rows: many, addresses: true }));
    const texts = pagesOf(text);
    const heading = 'Name\nAddress string\nState\nReply\nReply time\n';
    const first = texts.findIndex((page) => page.includes('People\n'));
    const table = texts.slice(first);

    expect(texts).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(table.length).toBeGreaterThan(3);
    expect(table[0]).toContain(`People\n${heading}`);
    for (const page of table.slice(1)) expect(page.trimStart().startsWith(heading)).toBe(true);
    expect(text).toContain('Person 0\n');
    expect(text).toContain('Person 199\n');
  });
});
