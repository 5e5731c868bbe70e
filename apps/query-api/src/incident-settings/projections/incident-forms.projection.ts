import type { IncidentSettingsEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

/** GET /api/incidents/form/: each form's name and order (its field groups are read from their own model). */
export const INCIDENT_FORMS = 'incident_forms';

export interface IncidentFormDocument extends Document {
  id: string;
  name: string;
  order: string;
}

type Change = (current: IncidentFormDocument | null) => IncidentFormDocument | null;

function formChange(event: IncidentSettingsEvent): { id: string; apply: Change } | null {
  switch (event.type) {
    case 'IncidentFormCreated':
      return { id: event.data.form.id, apply: () => ({ _id: event.data.form.id, ...event.data.form }) };
    case 'IncidentFormRenamed':
      return { id: event.data.formId, apply: (form) => form && { ...form, name: event.data.name } };
    case 'IncidentFormMoved':
      return { id: event.data.formId, apply: (form) => form && { ...form, order: event.data.order } };
    case 'IncidentFormDeleted':
      return { id: event.data.formId, apply: () => null };
    default:
      return null;
  }
}

export const incidentFormsProjection: ProjectionDefinition = {
  name: 'incident-forms',
  collections: [INCIDENT_FORMS],
  project(event: RecordedEvent): DocumentChange[] {
    const change = formChange({ type: event.type, data: event.data } as IncidentSettingsEvent);
    if (!change) return [];
    return [{ collection: INCIDENT_FORMS, tenantId: String(event.metadata.tenantId), id: change.id, apply: change.apply as DocumentChange['apply'] }];
  },
};
