import type { SessionRecipientFilters } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Which file of a session's report: its summary, or its people (with the list's filters), as a PDF or a workbook. */
export type SessionReportExportKind = 'summary-pdf' | 'summary-xlsx' | 'people-pdf' | 'people-xlsx';

export class SessionReportExportQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
    readonly kind: SessionReportExportKind,
    readonly filters: SessionRecipientFilters = {},
  ) {}
}

/** A file to answer: its bytes, or a stream that writes them as the rows are read. */
export interface SessionReportFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly body: Buffer | NodeJS.ReadableStream;
}
