import type { Checked } from '../shared/field-messages';
import type { ContactFieldType } from './field-types';

/**
 * Commands on one contact field (stream `field-<id>`). Values come as the request schema
 * (libs/contracts field.schemas.ts) parsed them, or the messages it refused them with (`Checked`),
 * so the decider answers those with its own all at once. What the handler looked up (which groups
 * are below the field's group, how many messages use a field) arrives as plain data.
 */

/** POST /api/field/: `options` are the labels of a select field's first options. */
export interface CreateContactField {
  readonly type: 'CreateContactField';
  readonly data: {
    fieldId: string;
    customerGroupId: string;
    label: Checked<string>;
    field_type: Checked<ContactFieldType>;
    options?: Checked<readonly string[] | null>;
  };
}

/** PUT /api/field/{id}/: the label; a type or group sent must be the field's own. */
export interface ChangeContactField {
  readonly type: 'ChangeContactField';
  readonly data: {
    fieldId: string;
    label?: Checked<string>;
    field_type?: Checked<ContactFieldType>;
    customer_group?: Checked<string>;
  };
}

/** DELETE /api/field/{id}/: `scenarioCount` is how many messages use the field. */
export interface DeleteContactField {
  readonly type: 'DeleteContactField';
  readonly data: { fieldId: string; scenarioCount: number };
}

export interface AddContactFieldOption {
  readonly type: 'AddContactFieldOption';
  readonly data: { fieldId: string; label: Checked<string> };
}

export interface ChangeContactFieldOption {
  readonly type: 'ChangeContactFieldOption';
  readonly data: { fieldId: string; optionId: string; label: Checked<string> };
}

/** DELETE /api/customer_group/{id}/option/{optionId}/: `scenarioCount` is how many messages use the option. */
export interface DeleteContactFieldOption {
  readonly type: 'DeleteContactFieldOption';
  readonly data: { fieldId: string; optionId: string; scenarioCount: number };
}

/**
 * PUT /api/field/{id}/excluded_options_by_group/: the whole mapping, one entry per group as sent.
 * `descendantGroupIds` are the groups below the field's own group (the only ones that may exclude).
 */
export interface ChangeExcludedOptionsByGroup {
  readonly type: 'ChangeExcludedOptionsByGroup';
  readonly data: {
    fieldId: string;
    excludedOptionsByGroup: Checked<readonly { readonly customerGroupId: string; readonly optionIds: readonly unknown[] }[]>;
    descendantGroupIds: readonly string[];
  };
}

export type ContactFieldCommand =
  | CreateContactField
  | ChangeContactField
  | DeleteContactField
  | AddContactFieldOption
  | ChangeContactFieldOption
  | DeleteContactFieldOption
  | ChangeExcludedOptionsByGroup;
