import { ROUTES, type CustomerGroupFieldDto, type RouteDefinition } from '@beacon/contracts';
import type { ContactFieldType } from '@beacon/domain';
import type { ApiClient } from '../../../api/api-client';

/** The calls that change a dataset's contact fields and their options (spec part 2 §7, fields and options). */
export interface ContactFieldsApi {
  fields(groupId: string): Promise<CustomerGroupFieldDto[]>;
  createField(groupId: string, input: { label: string; field_type: ContactFieldType; options: string[] | null }): Promise<unknown>;
  renameField(fieldId: string, label: string): Promise<unknown>;
  deleteField(fieldId: string): Promise<unknown>;
  addOption(fieldId: string, label: string): Promise<unknown>;
  /** Through the group that defines the option's field. */
  deleteOption(groupId: string, optionId: string): Promise<unknown>;
  /** The field's whole mapping: option ids each group below the field's own does not offer. */
  setExcludedOptions(fieldId: string, mapping: Record<string, string[]>): Promise<unknown>;
}

const path = (route: RouteDefinition, params: Record<string, string>) =>
  Object.entries(params).reduce((built, [name, value]) => built.replace(`:${name}`, encodeURIComponent(value)), route.path);

export function contactFieldsApi(api: ApiClient): ContactFieldsApi {
  return {
    fields: (groupId) => api.send(ROUTES.customerGroupFields.method, path(ROUTES.customerGroupFields, { id: groupId })),
    createField: (groupId, input) => api.send(ROUTES.createContactField.method, ROUTES.createContactField.path, { ...input, customer_group: groupId }),
    renameField: (fieldId, label) => api.send(ROUTES.changeContactField.method, path(ROUTES.changeContactField, { id: fieldId }), { id: fieldId, label }),
    deleteField: (fieldId) => api.send(ROUTES.deleteContactField.method, path(ROUTES.deleteContactField, { id: fieldId })),
    addOption: (fieldId, label) => api.send(ROUTES.createContactFieldOption.method, ROUTES.createContactFieldOption.path, { field: fieldId, label }),
    deleteOption: (groupId, optionId) =>
      api.send(ROUTES.deleteContactFieldOption.method, path(ROUTES.deleteContactFieldOption, { id: groupId, optionId })),
    setExcludedOptions: (fieldId, mapping) =>
      api.send(ROUTES.changeExcludedOptionsByGroup.method, path(ROUTES.changeExcludedOptionsByGroup, { id: fieldId }), {
        excluded_options_by_group: mapping,
      }),
  };
}
