import { NEW_CUSTOMER_GROUP_BRANDING, READ_MODEL_PROJECTIONS } from '@beacon/contracts';
import type { CustomerGroupCreated, CustomerGroupDeleted, CustomerGroupDetailsChanged } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';

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
    settings: data.settings,
    ...NEW_CUSTOMER_GROUP_BRANDING,
    should_use_autologout: false,
    root_customer_group_permissions: data.rootPermissions,
  };
}

export const customerGroupsProjection: ProjectionDefinition = {
  name: READ_MODEL_PROJECTIONS.customerGroups,
  collections: [CUSTOMER_GROUPS],
  project(event) {
    if (event.type === 'CustomerGroupDetailsChanged') {
      const data = (event as RecordedEvent<CustomerGroupDetailsChanged['data']>).data;
      return [
        {
          collection: CUSTOMER_GROUPS,
          tenantId: String(event.metadata.tenantId),
          id: data.customerGroupId,
          apply: (current) => detailsChanged(current as CustomerGroupDocument | null, data),
        },
      ];
    }
    if (event.type === 'CustomerGroupDeleted') {
      const data = (event as RecordedEvent<CustomerGroupDeleted['data']>).data;
      return [{ collection: CUSTOMER_GROUPS, tenantId: String(event.metadata.tenantId), id: data.customerGroupId, apply: () => null }];
    }
    if (event.type !== 'CustomerGroupCreated') return [];
    const data = (event as RecordedEvent<CustomerGroupCreated['data']>).data;
    return [
      {
        collection: CUSTOMER_GROUPS,
        tenantId: data.rootId,
        id: data.customerGroupId,
        apply: (current) => current ?? created(data),
      },
    ];
  },
};
