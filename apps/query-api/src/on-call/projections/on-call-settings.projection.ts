import { ON_CALL_PROJECTIONS } from '@beacon/contracts';
import type { OnCallSettingsChanged } from '@beacon/domain';
import type { ProjectionDefinition } from '@beacon/projections';
import { ON_CALL_SETTINGS, type OnCallSettingsDocument } from '../../shared/read-models/on-call.read-model';

const settingsDocument = ({ customerGroupId, onCallSettings, optionsStaffing }: OnCallSettingsChanged['data']): OnCallSettingsDocument => ({
  _id: customerGroupId,
  on_call_settings: { display_fields: [...onCallSettings.display_fields], filter_fields: [...onCallSettings.filter_fields] },
  options_staffing: optionsStaffing.map((entry) => ({ option: entry.optionId, value: entry.value })),
});

/** GET /api/customer_group_on_call_settings/{id}/ and the staffing minima: one document per group, as last saved. */
export const onCallSettingsProjection: ProjectionDefinition = {
  name: ON_CALL_PROJECTIONS.settings,
  collections: [ON_CALL_SETTINGS],
  project(event) {
    if (event.type !== 'OnCallSettingsChanged') return [];
    const document = settingsDocument(event.data as OnCallSettingsChanged['data']);
    return [{ collection: ON_CALL_SETTINGS, tenantId: String(event.metadata.tenantId), id: document._id, apply: () => document }];
  },
  liveUpdate(event) {
    if (event.type !== 'OnCallSettingsChanged') return null;
    const { _id, ...data } = settingsDocument(event.data as OnCallSettingsChanged['data']);
    return { type: event.type, resource: ON_CALL_SETTINGS, id: _id, data, tenantId: String(event.metadata.tenantId), customerGroupId: _id };
  },
};
