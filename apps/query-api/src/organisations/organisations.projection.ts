import type { CustomerGroupCreated, CustomerGroupDetailsChanged, OrganisationQuotasChanged, RootPermissionsChanged } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SYSTEM_TENANT, type Document, type DocumentChange } from '@beacon/read-store';
import { ORGANISATIONS, ORGANISATIONS_PROJECTION, type OrganisationDocument, type OrganisationEventCount } from '../shared/read-models/organisations.read-model';

/** A document whose root group is created (not one only counting the events that came before it). */
const isOrganisation = (document: Document | null): document is OrganisationDocument => typeof document?.name_key === 'string';

const change = (id: string, apply: (current: OrganisationDocument) => OrganisationDocument): DocumentChange[] => [
  { collection: ORGANISATIONS, tenantId: SYSTEM_TENANT, id, apply: (current) => (isOrganisation(current) ? apply(current) : current) },
];

/** The organisation whose event it is: the tenant its metadata names, if any. */
function tenantOf(event: RecordedEvent): string | null {
  const { tenantId } = event.metadata;
  return typeof tenantId === 'string' && tenantId !== '' && tenantId !== SYSTEM_TENANT ? tenantId : null;
}

/**
 * One more event on its organisation's count. The store applies an event once per document (a replay, or
 * a batch retried after a crash, finds the document already holding its position), so it never counts twice.
 */
const counted = (tenantId: string): DocumentChange => ({
  collection: ORGANISATIONS,
  tenantId: SYSTEM_TENANT,
  id: tenantId,
  apply: (current) => ({ ...(current ?? { _id: tenantId }), events: ((current as OrganisationEventCount | null)?.events ?? 0) + 1 }),
});

function changesOf(event: RecordedEvent): DocumentChange[] {
  switch (event.type) {
    case 'CustomerGroupCreated': {
      const data = event.data as CustomerGroupCreated['data'];
      if (data.parentId !== null) return [];
      const created: OrganisationDocument = {
        _id: data.customerGroupId,
        name: data.name,
        name_key: data.name.toLowerCase(),
        root_permissions: [...data.rootPermissions],
        suspended: false,
        created_at: event.recordedAt,
      };
      // The events counted before it (the name it claimed) stay counted.
      const apply = (current: Document | null) => (isOrganisation(current) ? current : { ...created, events: (current as OrganisationEventCount | null)?.events ?? 0 });
      return [{ collection: ORGANISATIONS, tenantId: SYSTEM_TENANT, id: data.customerGroupId, apply }];
    }
    // Only a root group has a document here: a child group's changes find none and write nothing.
    case 'CustomerGroupDetailsChanged': {
      const { customerGroupId, name } = event.data as CustomerGroupDetailsChanged['data'];
      return name === undefined ? [] : change(customerGroupId, (current) => ({ ...current, name, name_key: name.toLowerCase() }));
    }
    case 'RootPermissionsChanged': {
      const { customerGroupId, rootPermissions } = event.data as RootPermissionsChanged['data'];
      return change(customerGroupId, (current) => ({ ...current, root_permissions: [...rootPermissions] }));
    }
    case 'OrganisationQuotasChanged': {
      const { customerGroupId, quotas } = event.data as OrganisationQuotasChanged['data'];
      return change(customerGroupId, (current) => ({ ...current, quotas: { ...quotas } }));
    }
    case 'OrganisationSuspended':
    case 'OrganisationResumed': {
      const { customerGroupId } = event.data as { customerGroupId: string };
      return change(customerGroupId, (current) => ({ ...current, suspended: event.type === 'OrganisationSuspended' }));
    }
    default:
      return [];
  }
}

/**
 * The organisations (root customer groups) as the platform's operators list them: name, permissions,
 * state, and their size (how many events they hold: every event is counted on its tenant's document).
 */
export const organisationsProjection: ProjectionDefinition = {
  name: ORGANISATIONS_PROJECTION,
  collections: [ORGANISATIONS],
  indexes: { [ORGANISATIONS]: [{ keys: { name_key: 1 }, name: 'organisations_by_name' }] },
  project(event: RecordedEvent): DocumentChange[] {
    const tenantId = tenantOf(event);
    return tenantId === null ? changesOf(event) : [...changesOf(event), counted(tenantId)];
  },
};
