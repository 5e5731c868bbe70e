import { Body, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IncidentPdfQuerySchema, IncidentPdfRequestSchema, PDF_VERSION_DETAIL, ROUTES } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import type { Response } from 'express';
import { QueryController } from '../../shared/query-controller.decorator';
import { requestedVersion } from './incident-pdf-request';
import { IncidentPdfQuery } from './incident-pdf.query';

/**
 * POST /api/incidents/incident/{id}/generate_pdf/: the incident (as it stood at `version`, if given)
 * as a PDF download, in the words and timezone of the caller, with the module name of their group.
 */
@QueryController()
export class IncidentPdfController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Post(ROUTES.generateIncidentPdf.path)
  @HttpCode(200)
  async generatePdf(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(IncidentPdfRequestSchema, { detail: PDF_VERSION_DETAIL })) body: z.output<typeof IncidentPdfRequestSchema>,
    @Query(new ZodQueryPipe(IncidentPdfQuerySchema)) query: z.output<typeof IncidentPdfQuerySchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { fileName, pdf } = await this.queryBus.execute(new IncidentPdfQuery(principal, id, requestedVersion(body.version, query.version)));
    response.attachment(fileName);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Length', String(pdf.length));
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf);
  }
}
