import { Module } from '@nestjs/common';
import { ConferenceRecordingHandler } from './queries/conference-recording.handler';
import { SessionRecipientDispatchesHandler } from './queries/session-recipient-dispatches.handler';
import { SessionRecipientIdsHandler } from './queries/session-recipient-ids.handler';
import { SessionRecipientsAggregateHandler } from './queries/session-recipients-aggregate.handler';
import { SessionRecipientsHandler } from './queries/session-recipients.handler';
import { SessionReportDetailsHandler } from './queries/session-report-details.handler';
import { SessionReportExportHandler } from './queries/session-report-export.handler';
import { SessionReportController } from './session-report.controller';
import { SessionReportReader } from './session-report-reader';

/** Session reports: statistics, people, dispatches and exports. */
@Module({
  controllers: [SessionReportController],
  providers: [
    SessionReportReader, SessionReportDetailsHandler, SessionRecipientsHandler, SessionRecipientsAggregateHandler, SessionRecipientIdsHandler, SessionRecipientDispatchesHandler,
    SessionReportExportHandler, ConferenceRecordingHandler,
  ],
})
export class SessionReportsModule {}
