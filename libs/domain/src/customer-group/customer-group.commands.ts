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
  readonly data: { customerGroupId: string; moduleName: string; moduleNamePlural: string };
}

/**
 * PUT /api/customer_group/{id}/: each field is optional (undefined: leave it as it is), of the type
 * the request schema parsed; the decider checks the rules (not blank, length, brand login URL).
 */
export interface ChangeCustomerGroupDetails {
  readonly type: 'ChangeCustomerGroupDetails';
  readonly data: { customerGroupId: string; name?: string; shouldUseAutologout?: boolean; brandLoginUrl?: string };
}

export type CustomerGroupCommand = CreateCustomerGroup | ChangeIncidentModuleSettings | ChangeCustomerGroupDetails;
