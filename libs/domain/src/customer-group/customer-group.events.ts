import type { DomainEvent } from '../shared/decider';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const CUSTOMER_GROUP_EVENT_VERSIONS = {
  CustomerGroupCreated: 1,
  IncidentModuleSettingsChanged: 1,
} as const;

export type CustomerGroupCreated = DomainEvent<
  'CustomerGroupCreated',
  {
    customerGroupId: string;
    name: string;
    /** Null for a root group. */
    parentId: string | null;
    rootId: string;
    /** Ids from the root down to the parent (empty for a root group). */
    ancestorIds: string[];
    /** Feature permissions; only a root group holds them, descendants inherit. */
    rootPermissions: string[];
    settings: Record<string, unknown>;
  }
>;

export type IncidentModuleSettingsChanged = DomainEvent<
  'IncidentModuleSettingsChanged',
  { customerGroupId: string; moduleName: string; moduleNamePlural: string }
>;

export type CustomerGroupEvent = CustomerGroupCreated | IncidentModuleSettingsChanged;
