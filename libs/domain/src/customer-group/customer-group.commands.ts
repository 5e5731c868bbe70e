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

export type CustomerGroupCommand = CreateCustomerGroup | ChangeIncidentModuleSettings;
