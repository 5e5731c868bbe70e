import {
  DEFAULT_MODULE_NAME,
  DEFAULT_MODULE_NAME_PLURAL,
  type CustomerGroupCreated,
  type IncidentModuleSettingsChanged,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { INCIDENT_MODULE_SETTINGS, type IncidentModuleSettingsDocument } from '../../shared/read-models/incident-module-settings.read-model';

type SettingsEvent = RecordedEvent<CustomerGroupCreated['data'] | IncidentModuleSettingsChanged['data']>;

const namesOf = (event: SettingsEvent) =>
  event.type === 'IncidentModuleSettingsChanged'
    ? {
        module_name: (event.data as IncidentModuleSettingsChanged['data']).moduleName,
        module_name_plural: (event.data as IncidentModuleSettingsChanged['data']).moduleNamePlural,
      }
    : { module_name: DEFAULT_MODULE_NAME, module_name_plural: DEFAULT_MODULE_NAME_PLURAL };

const handled = (event: RecordedEvent): event is SettingsEvent =>
  event.type === 'CustomerGroupCreated' || event.type === 'IncidentModuleSettingsChanged';

/** GET /api/customer_group_im_settings/{id}/: the incident module's names per customer group. */
export const incidentModuleSettingsProjection: ProjectionDefinition = {
  name: 'incident-module-settings',
  collections: [INCIDENT_MODULE_SETTINGS],
  project(event) {
    if (!handled(event)) return [];
    return [
      {
        collection: INCIDENT_MODULE_SETTINGS,
        tenantId: String(event.metadata.tenantId),
        id: event.data.customerGroupId,
        apply: (): IncidentModuleSettingsDocument => ({ _id: event.data.customerGroupId, ...namesOf(event) }),
      },
    ];
  },
  liveUpdate(event) {
    if (event.type !== 'IncidentModuleSettingsChanged' || !handled(event)) return null;
    return {
      type: event.type,
      resource: INCIDENT_MODULE_SETTINGS,
      id: event.data.customerGroupId,
      data: namesOf(event),
      tenantId: String(event.metadata.tenantId),
      customerGroupId: event.data.customerGroupId,
    };
  },
};
