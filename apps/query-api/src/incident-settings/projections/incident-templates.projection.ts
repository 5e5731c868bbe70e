import type { IncidentSettingsEvent, IncidentTemplateRecord } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { SYSTEM_TENANT, type Document, type DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

/** GET /api/incidents/incident_template/: every template of the organisation. */
export const INCIDENT_TEMPLATES = 'incident_templates';

/**
 * Platform-wide index of public template pages: subdomain → the organisation and template holding
 * it. A guest on the public page has no tenant yet, so this one collection lives in the system
 * scope; the lookup then reads the template in its own tenant.
 */
export const INCIDENT_TEMPLATE_SUBDOMAINS = 'incident_template_subdomains';

export type IncidentTemplateDocument = Document & IncidentTemplateRecord;

export interface TemplateSubdomainDocument extends Document {
  root_id: string;
  template_id: string;
}

function templateChanges(event: IncidentSettingsEvent, tenantId: string): DocumentChange[] {
  const template = (id: string, apply: () => IncidentTemplateDocument | null): DocumentChange => ({
    collection: INCIDENT_TEMPLATES,
    tenantId,
    id,
    apply,
  });
  const claim = (subdomain: string, templateId: string): DocumentChange => ({
    collection: INCIDENT_TEMPLATE_SUBDOMAINS,
    tenantId: SYSTEM_TENANT,
    id: subdomain,
    apply: (): TemplateSubdomainDocument => ({ _id: subdomain, root_id: tenantId, template_id: templateId }),
  });
  // Only the template's own entry goes; the subdomain may already be another template's.
  const release = (subdomain: string, templateId: string): DocumentChange => ({
    collection: INCIDENT_TEMPLATE_SUBDOMAINS,
    tenantId: SYSTEM_TENANT,
    id: subdomain,
    apply: (current) => {
      const entry = current as TemplateSubdomainDocument | null;
      return entry && entry.root_id === tenantId && entry.template_id === templateId ? null : entry;
    },
  });
  switch (event.type) {
    case 'IncidentTemplateCreated': {
      const record = event.data.template;
      return [template(record.id, () => ({ _id: record.id, ...record })), ...(record.subdomain ? [claim(record.subdomain, record.id)] : [])];
    }
    case 'IncidentTemplateChanged': {
      const record = event.data.template;
      const changes = [template(record.id, () => ({ _id: record.id, ...record }))];
      if (event.data.previousSubdomain && event.data.previousSubdomain !== record.subdomain)
        changes.push(release(event.data.previousSubdomain, record.id));
      if (record.subdomain) changes.push(claim(record.subdomain, record.id));
      return changes;
    }
    case 'IncidentTemplateDeleted':
      return [template(event.data.templateId, () => null), ...(event.data.subdomain ? [release(event.data.subdomain, event.data.templateId)] : [])];
    default:
      return [];
  }
}

export const incidentTemplatesProjection: ProjectionDefinition = {
  name: 'incident-templates',
  collections: [INCIDENT_TEMPLATES, INCIDENT_TEMPLATE_SUBDOMAINS],
  project: (event: RecordedEvent) =>
    templateChanges({ type: event.type, data: event.data } as IncidentSettingsEvent, String(event.metadata.tenantId)),
};
