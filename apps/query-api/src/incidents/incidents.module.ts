import { Module } from '@nestjs/common';
import { IncidentAttachmentController } from './attachments/incident-attachment.controller';
import { IncidentAttachmentHandler } from './attachments/incident-attachment.handler';
import { IncidentDrafts } from './incident-drafts';
import { IncidentReader } from './incident-reader';
import { IncidentsController } from './incidents.controller';
import { IncidentPdfController } from './pdf/incident-pdf.controller';
import { IncidentPdfHandler } from './pdf/incident-pdf.handler';
import { IncidentHistoryHandler } from './queries/incident-history.handler';
import { IncidentPageHandler } from './queries/incident-page.handler';
import { IncidentReportSummaryHandler } from './queries/incident-report-summary.handler';
import { IncidentHandler } from './queries/incident.handler';
import { NewIncidentHandler } from './queries/new-incident.handler';

/** The incident reads: lists, incidents, history, attachments and PDFs. */
@Module({
  controllers: [IncidentsController, IncidentAttachmentController, IncidentPdfController],
  providers: [IncidentReader, IncidentDrafts, IncidentPageHandler, IncidentHandler, IncidentHistoryHandler, IncidentReportSummaryHandler, NewIncidentHandler, IncidentAttachmentHandler, IncidentPdfHandler],
})
export class IncidentsModule {}
