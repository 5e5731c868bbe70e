import type { CustomerGroupCreated, CustomerGroupDetailsChanged, RootPermissionsChanged } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SYSTEM_TENANT, type DocumentChange } from '@beacon/read-store';
import { ORGANISATIONS, ORGANISATIONS_PROJECTION, type OrganisationDocument } from '../shared/read-models/organisations.read-model';

const change = (id: string, apply: (current: OrganisationDocument) => OrganisationDocument): DocumentChange[] => [
  { collection: ORGANISATIONS, tenantId: SYSTEM_TENANT, id, apply: (current) => current && apply(current as OrganisationDocument) },
];

/** The organisations (root customer groups) as the platform's operators list them: name, permissions, state. */
export const organisationsProjection: ProjectionDefinition = {
  name: ORGANISATIONS_PROJECTION,
  collections: [ORGANISATIONS],
  indexes: { [ORGANISATIONS]: [{ keys: { name_key: 1 }, name: 'organisations_by_name' }] },
  project(event: RecordedEvent): DocumentChange[] {
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
        return [{ collection: ORGANISATIONS, tenantId: SYSTEM_TENANT, id: data.customerGroupId, apply: (current) => current ?? created }];
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
      case 'OrganisationSuspended':
      case 'OrganisationResumed': {
        const { customerGroupId } = event.data as { customerGroupId: string };
        return change(customerGroupId, (current) => ({ ...current, suspended: event.type === 'OrganisationSuspended' }));
      }
      default:
        return [];
    }
  },
};
