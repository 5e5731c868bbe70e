export interface CreateCustomerGroup {
  readonly type: 'CreateCustomerGroup';
  readonly data: {
    customerGroupId: string;
    name: string;
    parentId: string | null;
    rootId: string;
    ancestorIds: string[];
    rootPermissions: string[];
    settings: Record<string, unknown>;
  };
}

export interface ChangeIncidentModuleSettings {
  readonly type: 'ChangeIncidentModuleSettings';
  readonly data: { customerGroupId: string; moduleName: unknown; moduleNamePlural: unknown };
}

/**
 * PUT /api/customer_group/{id}/: each field is optional (undefined: leave it as it is) and arrives
 * unchecked from the request; the decider validates it.
 */
export interface ChangeCustomerGroupDetails {
  readonly type: 'ChangeCustomerGroupDetails';
  readonly data: { customerGroupId: string; name?: unknown; shouldUseAutologout?: unknown; brandLoginUrl?: unknown };
}

export type CustomerGroupCommand = CreateCustomerGroup | ChangeIncidentModuleSettings | ChangeCustomerGroupDetails;
