import type { IncidentFieldDto } from '@beacon/contracts';
import type { IncidentSettingsEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

/** GET /api/incidents/field/ and /field_choice/: each field with its choice options (in the order they were added). */
export const INCIDENT_FIELDS = 'incident_fields';

export type IncidentFieldDocument = Document & IncidentFieldDto;

type Change = (current: IncidentFieldDocument | null) => IncidentFieldDocument | null;

/** A change to a field that exists (events about a field the model does not have change nothing). */
const existing =
  (change: (field: IncidentFieldDocument) => IncidentFieldDocument | null): Change =>
  (current) =>
    current ? change(current) : null;

function fieldChange(event: IncidentSettingsEvent): { id: string; apply: Change } | null {
  switch (event.type) {
    case 'IncidentFieldCreated':
      return { id: event.data.field.id, apply: () => ({ _id: event.data.field.id, ...event.data.field, options: [] }) };
    case 'IncidentFieldChanged': {
      const dropped = new Set(event.data.droppedOptionIds);
      return {
        id: event.data.field.id,
        apply: existing((field) => ({ ...field, ...event.data.field, options: field.options.filter((option) => !dropped.has(option.id)) })),
      };
    }
    case 'IncidentFieldMoved':
      return { id: event.data.fieldId, apply: existing((field) => ({ ...field, order: event.data.order })) };
    case 'IncidentFieldDeleted':
      return { id: event.data.fieldId, apply: () => null };
    case 'FieldChoiceOptionAdded':
      return { id: event.data.option.field, apply: existing((field) => ({ ...field, options: [...field.options, { ...event.data.option }] })) };
    case 'FieldChoiceOptionChanged': {
      const { option } = event.data;
      return {
        id: option.field,
        apply: existing((field) => ({ ...field, options: field.options.map((entry) => (entry.id === option.id ? { ...option } : entry)) })),
      };
    }
    case 'FieldChoiceOptionDeleted':
      return {
        id: event.data.fieldId,
        apply: existing((field) => ({ ...field, options: field.options.filter((option) => option.id !== event.data.optionId) })),
      };
    default:
      return null;
  }
}

export const incidentFieldsProjection: ProjectionDefinition = {
  name: 'incident-fields',
  collections: [INCIDENT_FIELDS],
  project(event: RecordedEvent): DocumentChange[] {
    const change = fieldChange({ type: event.type, data: event.data } as IncidentSettingsEvent);
    if (!change) return [];
    return [{ collection: INCIDENT_FIELDS, tenantId: String(event.metadata.tenantId), id: change.id, apply: change.apply as DocumentChange['apply'] }];
  },
};
