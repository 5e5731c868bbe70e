import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DEFAULT_MODULE_NAME, DEFAULT_TIMEZONE } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { INCIDENT_MODULE_SETTINGS, type IncidentModuleSettingsDocument } from '../../shared/read-models/incident-module-settings.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { IncidentReader } from '../incident-reader';
import { incidentPdfFileName } from './incident-pdf-request';
import { IncidentPdfQuery, type IncidentPdf } from './incident-pdf.query';
import { renderIncidentPdf } from './incident-pdf.renderer';

/**
 * POST /api/incidents/incident/{id}/generate_pdf/: the history shown stops at the version asked for;
 * the module name is the caller's group's.
 */
@QueryHandler(IncidentPdfQuery)
export class IncidentPdfHandler implements IQueryHandler<IncidentPdfQuery, IncidentPdf> {
  constructor(
    @Inject(IncidentReader) private readonly incidents: IncidentReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, incidentId, version }: IncidentPdfQuery): Promise<IncidentPdf> {
    const incident = await this.incidents.get(principal, incidentId, version);
    const history = await this.incidents.history(principal, incidentId);
    const shownHistory = version === undefined ? history : { entries: history.entries.filter((entry) => entry.version <= version) };
    const [moduleName, timeZone] = await Promise.all([this.moduleName(principal), this.timeZone(principal)]);
    const pdf = await renderIncidentPdf(incident, shownHistory, moduleName, { permission: principal.customerPermission, timeZone });
    return { fileName: incidentPdfFileName(moduleName, incident.incident_title || incident.title), pdf };
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
