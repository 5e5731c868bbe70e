import type { FieldGroupDto } from '@beacon/contracts';
import type { IncidentSettingsEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

/** GET /api/incidents/field_group/{id}/ and each form's field_groups: the groups with their conditions and mappings. */
export const INCIDENT_FIELD_GROUPS = 'incident_field_groups';

export type FieldGroupDocument = Document & FieldGroupDto;

type Apply = (current: FieldGroupDocument | null) => FieldGroupDocument | null;

const changeEach = (ids: readonly string[], change: (group: FieldGroupDocument) => FieldGroupDocument | null) =>
  ids.map((id) => ({ id, apply: ((group) => group && change(group)) as Apply }));

function groupChanges(event: IncidentSettingsEvent): { id: string; apply: Apply }[] {
  switch (event.type) {
    case 'FieldGroupCreated':
    case 'FieldGroupChanged': {
      const { fieldGroup } = event.data;
      return [{ id: fieldGroup.id, apply: () => ({ _id: fieldGroup.id, ...(fieldGroup as FieldGroupDto) }) }];
    }
    case 'FieldGroupMoved':
      return changeEach([event.data.fieldGroupId], (group) => ({ ...group, order: event.data.order }));
    case 'FieldGroupDeleted':
      return changeEach([event.data.fieldGroupId], () => null);
    case 'IncidentFormDeleted':
      return changeEach(event.data.fieldGroupIds, () => null);
    case 'IncidentFieldDeleted':
      return changeEach(event.data.fieldGroupIds, (group) => ({
        ...group,
        form_field_mappings: group.form_field_mappings.filter((mapping) => mapping.field !== event.data.fieldId),
      }));
    case 'IncidentFieldChanged': {
      const { field } = event.data;
      return changeEach(event.data.conditionFieldGroupIds, (group) => ({
        ...group,
        display_conditions: group.display_conditions.map((condition) =>
          condition.field_id === field.id ? { ...condition, field_type: field.field_type } : condition,
        ),
      }));
    }
    case 'FieldDisplayConditionsDeleted':
      return changeEach(event.data.fieldGroupIds, (group) => ({
        ...group,
        display_conditions: group.display_conditions.filter((condition) => condition.field_id !== event.data.fieldId),
      }));
    default:
      return [];
  }
}

export const fieldGroupsProjection: ProjectionDefinition = {
  name: 'incident-field-groups',
  collections: [INCIDENT_FIELD_GROUPS],
  project(event: RecordedEvent): DocumentChange[] {
    const tenantId = String(event.metadata.tenantId);
    return groupChanges({ type: event.type, data: event.data } as IncidentSettingsEvent).map(({ id, apply }) => ({
      collection: INCIDENT_FIELD_GROUPS,
      tenantId,
      id,
      apply: apply as DocumentChange['apply'],
    }));
  },
};
