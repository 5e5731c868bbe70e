import { PassThrough } from 'node:stream';
import { Inject, Logger, PayloadTooLargeException } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SESSION_REPORT_AGGREGATES, type SessionRecipientDto } from '@beacon/contracts';
import { DEFAULT_TIMEZONE } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { USERS, type UserDocument } from '../../../shared/read-models/users.read-model';
import { renderSessionReportPdf } from '../exports/session-report-pdf';
import { writeSessionRecipientsXlsx } from '../exports/session-recipients-xlsx';
import type { SessionReportAggregates } from '../exports/session-report-text';
import { writeSessionSummaryXlsx } from '../exports/session-summary-xlsx';
import { aggregateDto, recipientDto, reportDetailsDto } from '../report-dtos';
import { SessionReportReader, type OpenedReport } from '../session-report-reader';
import { SessionReportExportQuery, type SessionReportFile } from './session-report-export.query';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Most people a detailed PDF lists: beyond it the workbook (streamed, any size) is the export to use. */
export const DETAILED_PDF_MAX_PEOPLE = 10_000;
export const detailedPdfTooLarge = (count: number) =>
  `${count.toLocaleString('en-GB')} people match: a detailed PDF lists at most ${DETAILED_PDF_MAX_PEOPLE.toLocaleString('en-GB')}. Narrow the filters, or export the workbook.`;

/** The file's name: the message's name made safe for a file system, the kind, and the day it started. */
function fileNameOf(opened: OpenedReport, kind: string, extension: string): string {
  const name = opened.session.name.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 60) || 'message';
  const day = (opened.session.started_at ?? opened.session.scheduled_for ?? '').slice(0, 10);
  return `${name}-${kind}${day ? `-${day}` : ''}.${extension}`;
}

/**
 * A session's report as a file: the summary (statistics and counts, no addresses) for every role that
 * follows sessions; the people, filtered as the list is, for those allowed the detailed report, with
 * address strings as they may see them. The workbook of people is streamed as it is read, whatever the
 * session's size; the PDF of people is refused (413) beyond DETAILED_PDF_MAX_PEOPLE.
 */
@QueryHandler(SessionReportExportQuery)
export class SessionReportExportHandler implements IQueryHandler<SessionReportExportQuery, SessionReportFile> {
  private readonly logger = new Logger(SessionReportExportHandler.name);

  constructor(
    @Inject(SessionReportReader) private readonly reader: SessionReportReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, sessionId, kind, filters }: SessionReportExportQuery): Promise<SessionReportFile> {
    const people = kind === 'people-pdf' || kind === 'people-xlsx';
    const opened = await this.reader.open(principal, sessionId, people ? 'detail' : 'summary');
    const details = reportDetailsDto(opened);
    const timeZone = await this.timeZone(principal);
    const addresses = opened.access.detail;
    const rows = () => this.rows(principal, opened, filters, addresses);
    switch (kind) {
      case 'summary-pdf':
        return { fileName: fileNameOf(opened, 'report', 'pdf'), contentType: 'application/pdf', body: await renderSessionReportPdf(details, this.aggregates(opened), { timeZone, addresses: false }) };
      case 'summary-xlsx':
        return { fileName: fileNameOf(opened, 'report', 'xlsx'), contentType: XLSX, body: this.streamed((out) => writeSessionSummaryXlsx(details, this.aggregates(opened), out, { timeZone })) };
      case 'people-pdf': {
        const { count } = await this.reader.page(principal, opened, filters, 1, 1);
        if (count > DETAILED_PDF_MAX_PEOPLE) throw new PayloadTooLargeException({ detail: detailedPdfTooLarge(count) });
        return { fileName: fileNameOf(opened, 'people', 'pdf'), contentType: 'application/pdf', body: await renderSessionReportPdf(details, this.aggregates(opened), { timeZone, addresses, rows: rows() }) };
      }
      case 'people-xlsx':
        // Filters a caller may not use are refused before the first byte (403), not half-way through the file.
        await this.reader.page(principal, opened, filters, 1, 1);
        return { fileName: fileNameOf(opened, 'people', 'xlsx'), contentType: XLSX, body: this.streamed((out) => writeSessionRecipientsXlsx(details, rows(), out, { timeZone, addresses })) };
    }
  }

  private aggregates({ report }: OpenedReport): SessionReportAggregates {
    return Object.fromEntries(SESSION_REPORT_AGGREGATES.map((by) => [by, aggregateDto(report, by)])) as unknown as SessionReportAggregates;
  }

  private async *rows(principal: Principal, opened: OpenedReport, filters: SessionReportExportQuery['filters'], addresses: boolean): AsyncGenerator<SessionRecipientDto> {
    for await (const line of this.reader.walk(principal, opened, filters)) yield recipientDto(line, addresses);
  }

  /** A stream the writer fills as it goes; a failure half-way ends the download broken (its headers are sent), and is logged. */
  private streamed(write: (out: PassThrough) => Promise<unknown>): PassThrough {
    const out = new PassThrough();
    write(out).catch((error: unknown) => {
      this.logger.error(`A session report export failed half-way: ${error instanceof Error ? error.message : String(error)}`);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return out;
  }

  private async timeZone(principal: Principal): Promise<string> {
    const user = await this.readStore.scope(principal.rootId).collection<UserDocument>(USERS).findOne({ _id: principal.userId }, { projection: { preferred_timezone: 1 } });
    return user?.preferred_timezone || DEFAULT_TIMEZONE;
  }
}
