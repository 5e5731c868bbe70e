import { conflict, notFound, validationError } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';
import type {
  ChangeIncidentModuleSettings,
  CreateCustomerGroup,
  CustomerGroupCommand,
} from './customer-group.commands';
import type { CustomerGroupEvent } from './customer-group.events';
import { evolveCustomerGroup, initialCustomerGroupState, type CustomerGroupState } from './customer-group.state';

const MODULE_NAME_MAX_LENGTH = 50;

function createCustomerGroup(command: CreateCustomerGroup, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'absent') throw conflict('This customer group already exists.');
  const name = command.data.name.trim();
  if (!name) throw validationError('Name is required.', { name: ['This field may not be blank.'] });
  return [{ type: 'CustomerGroupCreated', data: { ...command.data, name } }];
}

function moduleNameErrors(value: unknown): string[] {
  if (typeof value !== 'string' || !value.trim()) return ['This field may not be blank.'];
  if (value.trim().length > MODULE_NAME_MAX_LENGTH)
    return [`Ensure this field has no more than ${MODULE_NAME_MAX_LENGTH} characters.`];
  return [];
}

function changeIncidentModuleSettings(
  command: ChangeIncidentModuleSettings,
  state: CustomerGroupState,
): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const fields: Record<string, string[]> = {};
  const nameErrors = moduleNameErrors(command.data.moduleName);
  const pluralErrors = moduleNameErrors(command.data.moduleNamePlural);
  if (nameErrors.length) fields.module_name = nameErrors;
  if (pluralErrors.length) fields.module_name_plural = pluralErrors;
  if (Object.keys(fields).length) throw validationError('Invalid incident module settings.', fields);
  const moduleName = (command.data.moduleName as string).trim();
  const moduleNamePlural = (command.data.moduleNamePlural as string).trim();
  if (moduleName === state.moduleName && moduleNamePlural === state.moduleNamePlural) return [];
  return [
    {
      type: 'IncidentModuleSettingsChanged',
      data: { customerGroupId: state.customerGroupId, moduleName, moduleNamePlural },
    },
  ];
}

export function decideCustomerGroup(command: CustomerGroupCommand, state: CustomerGroupState): CustomerGroupEvent[] {
  switch (command.type) {
    case 'CreateCustomerGroup':
      return createCustomerGroup(command, state);
    case 'ChangeIncidentModuleSettings':
      return changeIncidentModuleSettings(command, state);
  }
}

export const customerGroupDecider: Decider<CustomerGroupCommand, CustomerGroupEvent, CustomerGroupState> = {
  decide: decideCustomerGroup,
  evolve: evolveCustomerGroup,
  initialState: initialCustomerGroupState,
};

export const customerGroupStream = (customerGroupId: string) => `customer_group-${customerGroupId}`;
