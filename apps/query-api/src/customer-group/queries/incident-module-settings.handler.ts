import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentModuleSettingsDto } from '@beacon/contracts';
import { DEFAULT_MODULE_NAME, DEFAULT_MODULE_NAME_PLURAL } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { INCIDENT_MODULE_SETTINGS, type IncidentModuleSettingsDocument } from '../../shared/read-models/incident-module-settings.read-model';
import { IncidentModuleSettingsQuery } from './incident-module-settings.query';

/** GET /api/customer_group_im_settings/{id}/: the defaults when the group has set none; 404 outside the caller's reach. */
@QueryHandler(IncidentModuleSettingsQuery)
export class IncidentModuleSettingsHandler implements IQueryHandler<IncidentModuleSettingsQuery, IncidentModuleSettingsDto> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, customerGroupId }: IncidentModuleSettingsQuery): Promise<IncidentModuleSettingsDto> {
    await this.groups.reachable(principal, customerGroupId);
    const settings = await this.readStore
      .scope(principal.rootId)
      .collection<IncidentModuleSettingsDocument>(INCIDENT_MODULE_SETTINGS)
      .findOne({ _id: customerGroupId });
    return {
      module_name: settings?.module_name ?? DEFAULT_MODULE_NAME,
      module_name_plural: settings?.module_name_plural ?? DEFAULT_MODULE_NAME_PLURAL,
    };
  }
}
