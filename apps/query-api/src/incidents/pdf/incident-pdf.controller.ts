import { Body, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import { DEFAULT_MODULE_NAME, DEFAULT_TIMEZONE } from '@beacon/domain';
import { CurrentPrincipal, READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import type { Response } from 'express';
import { INCIDENT_MODULE_SETTINGS, type IncidentModuleSettingsDocument } from '../../customer-group/projections/incident-module-settings.projection';
import { USERS, type UserDocument } from '../../users/projections/users.projection';
import { IncidentReader } from '../incident-reader';
import { incidentPdfFileName, requestedVersion } from './incident-pdf-request';
import { renderIncidentPdf } from './incident-pdf.renderer';
import { QueryController } from '../../shared/query-controller.decorator';

/**
 * POST /api/incidents/incident/{id}/generate_pdf/: the incident (as it stood at `version`, if given)
 * as a PDF download, in the words and timezone of the caller, with the module name of their group.
 */
@QueryController()
export class IncidentPdfController {
  constructor(
    @Inject(IncidentReader) private readonly incidents: IncidentReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Post(ROUTES.generateIncidentPdf.path)
  @HttpCode(200)
  async generatePdf(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: unknown,
    @Query('version') queryVersion: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const bodyVersion = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).version : undefined;
    const version = requestedVersion(bodyVersion, queryVersion);
    const incident = await this.incidents.get(principal, id, version);
    const history = await this.incidents.history(principal, id);
    const shownHistory = version === undefined ? history : { entries: history.entries.filter((entry) => entry.version <= version) };
    const [moduleName, timeZone] = await Promise.all([this.moduleName(principal), this.timeZone(principal)]);
    const pdf = await renderIncidentPdf(incident, shownHistory, moduleName, { permission: principal.customerPermission, timeZone });
    response.attachment(incidentPdfFileName(moduleName, incident.incident_title || incident.title));
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Length', String(pdf.length));
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf);
  }

  private async moduleName(principal: Principal): Promise<string> {
    const settings = await this.readStore
      .scope(principal.rootId)
      .collection<IncidentModuleSettingsDocument>(INCIDENT_MODULE_SETTINGS)
      .findOne({ _id: principal.customerGroupId });
    return settings?.module_name || DEFAULT_MODULE_NAME;
  }

  private async timeZone(principal: Principal): Promise<string> {
    const user = await this.readStore.scope(principal.rootId).collection<UserDocument>(USERS).findOne({ _id: principal.userId });
    return user?.preferred_timezone || DEFAULT_TIMEZONE;
  }
}
