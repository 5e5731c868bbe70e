import { NEW_CUSTOMER_GROUP_BRANDING, READ_MODEL_PROJECTIONS } from '@beacon/contracts';
import {
  settingsWithDefaults,
  type AudioNoticeboardMessageChanged,
  type CustomerGroupAuditSettingsChanged,
  type CustomerGroupConferenceSettingsChanged,
  type CustomerGroupCreated,
  type CustomerGroupDeleted,
  type CustomerGroupDetailsChanged,
  type CustomerGroupParentChanged,
  type CustomerGroupSettingsChanged,
  type MergeFieldsChanged,
  type RootPermissionsChanged,
} from '@beacon/domain';
import type { DocumentChange } from '@beacon/read-store';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';

/** The events that change the groups list; each is pushed live so every open tree reloads. */
const TREE_EVENTS: ReadonlySet<string> = new Set(['CustomerGroupCreated', 'CustomerGroupDetailsChanged', 'CustomerGroupParentChanged', 'CustomerGroupDeleted']);

function detailsChanged(current: CustomerGroupDocument | null, data: CustomerGroupDetailsChanged['data']): CustomerGroupDocument | null {
  if (!current) return current;
  return {
    ...current,
    ...(data.name === undefined ? {} : { name: data.name }),
    ...(data.shouldUseAutologout === undefined ? {} : { should_use_autologout: data.shouldUseAutologout }),
    ...(data.brandLoginUrl === undefined ? {} : { brand_login_url: data.brandLoginUrl }),
  };
}

function created(data: CustomerGroupCreated['data']): CustomerGroupDocument {
  return {
    _id: data.customerGroupId,
    id: data.customerGroupId,
    name: data.name,
    parent: data.parentId,
    root_parent_id: data.rootId,
    path: [...data.ancestorIds, data.customerGroupId],
    settings: { ...settingsWithDefaults(data.settings) },
    ...NEW_CUSTOMER_GROUP_BRANDING,
    should_use_autologout: false,
    root_customer_group_permissions: data.rootPermissions,
  };
}

/** The moved group takes its new parent and path; each descendant the event lists, its new path. */
function parentChanged(tenantId: string, data: CustomerGroupParentChanged['data']): DocumentChange[] {
  const replace = (customerGroupId: string, ancestorIds: string[], parent?: string): DocumentChange => ({
    collection: CUSTOMER_GROUPS,
    tenantId,
    id: customerGroupId,
    apply: (current) => {
      const group = current as CustomerGroupDocument | null;
      return group && { ...group, path: [...ancestorIds, customerGroupId], ...(parent === undefined ? {} : { parent }) };
    },
  });
  return [replace(data.customerGroupId, data.ancestorIds, data.parentId), ...data.descendants.map((d) => replace(d.customerGroupId, d.ancestorIds))];
}

export const customerGroupsProjection: ProjectionDefinition = {
  name: READ_MODEL_PROJECTIONS.customerGroups,
  collections: [CUSTOMER_GROUPS],
  project(event) {
    const tenantId = String(event.metadata.tenantId);
    if (event.type === 'CustomerGroupDetailsChanged') {
      const data = (event as RecordedEvent<CustomerGroupDetailsChanged['data']>).data;
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: data.customerGroupId, apply: (current) => detailsChanged(current as CustomerGroupDocument | null, data) }];
    }
    if (event.type === 'CustomerGroupSettingsChanged' || event.type === 'CustomerGroupConferenceSettingsChanged') {
      const data = (event as RecordedEvent<CustomerGroupSettingsChanged['data'] | CustomerGroupConferenceSettingsChanged['data']>).data;
      const settings = 'settings' in data ? data.settings : { conference: data.conference };
      return [
        {
          collection: CUSTOMER_GROUPS,
          tenantId,
          id: data.customerGroupId,
          apply: (current) => {
            const group = current as CustomerGroupDocument | null;
            return group && { ...group, settings: { ...settingsWithDefaults(group.settings), ...settings } };
          },
        },
      ];
    }
    if (event.type === 'CustomerGroupAuditSettingsChanged') {
      const data = (event as RecordedEvent<CustomerGroupAuditSettingsChanged['data']>).data;
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: data.customerGroupId, apply: (current) => current && { ...current, audit: data.audit } }];
    }
    if (event.type === 'AudioNoticeboardMessageChanged') {
      const data = (event as RecordedEvent<AudioNoticeboardMessageChanged['data']>).data;
      const apply = (current: CustomerGroupDocument | null) =>
        current && {
          ...current,
          noticeboard_messages: [...(current.noticeboard_messages ?? []).filter((entry) => entry.phone_number !== data.phoneNumber), { phone_number: data.phoneNumber, message: data.message }],
        };
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: data.customerGroupId, apply: (current) => apply(current as CustomerGroupDocument | null) }];
    }
    if (event.type === 'MergeFieldsChanged') {
      const data = (event as RecordedEvent<MergeFieldsChanged['data']>).data;
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: data.customerGroupId, apply: (current) => current && { ...current, merge_field_ids: data.enabledFieldIds } }];
    }
    if (event.type === 'OrganisationSuspended' || event.type === 'OrganisationResumed') {
      const { customerGroupId } = event.data as { customerGroupId: string };
      const suspended = event.type === 'OrganisationSuspended';
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: customerGroupId, apply: (current) => current && { ...current, suspended } }];
    }
    if (event.type === 'RootPermissionsChanged') {
      const data = (event as RecordedEvent<RootPermissionsChanged['data']>).data;
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: data.customerGroupId, apply: (current) => current && { ...current, root_customer_group_permissions: data.rootPermissions } }];
    }
    if (event.type === 'CustomerGroupParentChanged') return parentChanged(tenantId, (event as RecordedEvent<CustomerGroupParentChanged['data']>).data);
    if (event.type === 'CustomerGroupDeleted') {
      const data = (event as RecordedEvent<CustomerGroupDeleted['data']>).data;
      return [{ collection: CUSTOMER_GROUPS, tenantId, id: data.customerGroupId, apply: () => null }];
    }
    if (event.type !== 'CustomerGroupCreated') return [];
    const data = (event as RecordedEvent<CustomerGroupCreated['data']>).data;
    return [{ collection: CUSTOMER_GROUPS, tenantId: data.rootId, id: data.customerGroupId, apply: (current) => current ?? created(data) }];
  },
  /** Every change to the tree, with the group's id: an open /datasets screen reloads the list (spec part 2 §4). */
  liveUpdate(event) {
    // To every signed-in user of the organisation (no group: the tenant's room), whose menus and guards follow it.
    if (event.type === 'OrganisationSuspended') {
      const { customerGroupId } = event.data as { customerGroupId: string };
      return { type: event.type, resource: CUSTOMER_GROUPS, id: customerGroupId, data: {}, tenantId: String(event.metadata.tenantId) };
    }
    if (event.type === 'RootPermissionsChanged') {
      const data = (event as RecordedEvent<RootPermissionsChanged['data']>).data;
      return { type: event.type, resource: CUSTOMER_GROUPS, id: data.customerGroupId, data: { root_customer_group_permissions: data.rootPermissions }, tenantId: String(event.metadata.tenantId) };
    }
    if (!TREE_EVENTS.has(event.type)) return null;
    const customerGroupId = String((event.data as { customerGroupId?: unknown }).customerGroupId ?? '');
    if (!customerGroupId) return null;
    return { type: event.type, resource: CUSTOMER_GROUPS, id: customerGroupId, data: {}, tenantId: String(event.metadata.tenantId), customerGroupId };
  },
};
