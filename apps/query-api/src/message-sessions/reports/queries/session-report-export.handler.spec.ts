import { PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import type { Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import type { SessionReportReader, OpenedReport } from '../session-report-reader';
import { DETAILED_PDF_MAX_PEOPLE, detailedPdfTooLarge, SessionReportExportHandler } from './session-report-export.handler';
import { SessionReportExportQuery } from './session-report-export.query';

const principal = { userId: 'u1', rootId: 't1', customerGroupId: 't1', customerPermission: 'ADMIN' } as Principal;
const opened = {
  session: { _id: 's1', name: 'Flood', scenario_type: 'broadcast', is_real: true, status: 'complete', started_at: '2026-11-27T08:00:00.000Z', completed_at: null, timeout_seconds: 1800, customer_group: 't1' },
  report: null,
  access: { detail: true, personFilters: true },
} as unknown as OpenedReport;

/** A reader whose session has `count` people matching, and that says so when asked to walk them. */
function readerOf(count: number) {
  const walked: string[] = [];
  const reader = {
    open: async () => opened,
    page: async () => ({ count, results: [] }),
    walk: async function* () {
      walked.push('walked');
      yield* [];
    },
  } as unknown as SessionReportReader;
  const readStore = { scope: () => ({ collection: () => ({ findOne: async () => null }) }) } as unknown as ReadStore;
  return { handler: new SessionReportExportHandler(reader, readStore), walked };
}

describe('the detailed PDF of a session', () => {
  it(`refuses more than ${DETAILED_PDF_MAX_PEOPLE} people with 413 and what to do instead, before reading any of them`, async () => {
    const { handler, walked } = readerOf(DETAILED_PDF_MAX_PEOPLE + 1);
    const refused = handler.execute(new SessionReportExportQuery(principal, 's1', 'people-pdf', { state: 'Pending' }));
    await expect(refused).rejects.toBeInstanceOf(PayloadTooLargeException);
    await expect(refused).rejects.toMatchObject({ response: { detail: detailedPdfTooLarge(DETAILED_PDF_MAX_PEOPLE + 1) } });
    expect(detailedPdfTooLarge(12_345)).toBe('12,345 people match: a detailed PDF lists at most 10,000. Narrow the filters, or export the workbook.');
    expect(walked).toEqual([]);
  });

  it(`makes the PDF of ${DETAILED_PDF_MAX_PEOPLE} people`, async () => {
    const { handler, walked } = readerOf(DETAILED_PDF_MAX_PEOPLE);
    const file = await handler.execute(new SessionReportExportQuery(principal, 's1', 'people-pdf'));
    expect(file).toMatchObject({ fileName: 'Flood-people-2026-11-27.pdf', contentType: 'application/pdf' });
    expect(walked).toEqual(['walked']);
  });
});
