import type { CustomerGroupDetailsChanged } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { SYSTEM_TENANT, type Document, type DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

/**
 * Platform-wide index of branded login pages: brand → the group holding it and its tenant. The read
 * store is tenant-scoped and a guest on /{brand} has no tenant yet, so this one collection lives in
 * the system scope; the lookup then reads the group in its own tenant.
 */
export const BRAND_LOGINS = 'brand_logins';

export interface BrandLoginDocument extends Document {
  root_id: string;
  customer_group_id: string;
}

export const brandLoginsProjection: ProjectionDefinition = {
  name: 'brand-logins',
  collections: [BRAND_LOGINS],
  project(event) {
    if (event.type !== 'CustomerGroupDetailsChanged') return [];
    const data = (event as RecordedEvent<CustomerGroupDetailsChanged['data']>).data;
    if (data.brandLoginUrl === undefined) return [];
    const customerGroupId = data.customerGroupId;
    const changes: DocumentChange[] = [];
    if (data.previousBrandLoginUrl)
      changes.push({
        collection: BRAND_LOGINS,
        tenantId: SYSTEM_TENANT,
        id: data.previousBrandLoginUrl,
        // Only the group's own entry goes; the brand may already be another group's.
        apply: (current) => (current && (current as BrandLoginDocument).customer_group_id === customerGroupId ? null : current),
      });
    if (data.brandLoginUrl)
      changes.push({
        collection: BRAND_LOGINS,
        tenantId: SYSTEM_TENANT,
        id: data.brandLoginUrl,
        apply: (): BrandLoginDocument => ({ _id: data.brandLoginUrl!, root_id: String(event.metadata.tenantId), customer_group_id: customerGroupId }),
      });
    return changes;
  },
};
