import { Get, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { OrganisationsQuerySchema, ROUTES, type OrganisationPageDto, type OrganisationsQuery as OrganisationsRequest } from '@beacon/contracts';
import { PlatformCall, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import type { OrganisationExportFile } from './queries/export-organisation.handler';
import { ExportOrganisationQuery } from './queries/export-organisation.query';
import { OrganisationsQuery } from './queries/organisations.query';

/** The platform's operators' reads (platform.routes.ts): the platform key, never a user's token. */
@QueryController()
@PlatformCall()
export class OrganisationsController {
  private readonly logger = new Logger('OrganisationExport');

  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.organisations.path)
  organisations(@Query(new ZodQueryPipe(OrganisationsQuerySchema)) request: OrganisationsRequest): Promise<OrganisationPageDto> {
    return this.queryBus.execute(new OrganisationsQuery(request));
  }

  /**
   * The zip is streamed as it is made: an unknown organisation is refused (404) before the first byte. Once it
   * streams, a failure can only cut the download short (the zip then lacks its end, so no reader takes it as
   * whole), and a client that goes away stops the reading.
   */
  @Get(ROUTES.exportOrganisation.path)
  async exportOrganisation(@Param('id') id: string, @Res() response: Response): Promise<void> {
    const file = await this.queryBus.execute<ExportOrganisationQuery, OrganisationExportFile>(new ExportOrganisationQuery(id));
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(file.export.zip, response);
    } catch (error) {
      file.export.stop(error);
      if (!isPrematureClose(error)) this.logger.error(`The export of organisation ${id} was cut short: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The client went away before the end. */
const isPrematureClose = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
