import type { ContactFieldEvent, ContactFieldOption, ExcludedOptions } from './field.events';
import type { ContactFieldType } from './field-types';

export type ContactFieldState =
  | { readonly status: 'absent' }
  /** Deleted: its group kept, so a retried delete is still checked against the caller's reach. */
  | { readonly status: 'deleted'; readonly fieldId: string; readonly customerGroupId: string }
  | {
      readonly status: 'active';
      readonly fieldId: string;
      readonly customerGroupId: string;
      readonly label: string;
      readonly fieldType: ContactFieldType;
      /** In the order they were added. */
      readonly options: readonly ContactFieldOption[];
      /** How many options the field has ever had: the next option's number (ids are never reused). */
      readonly optionCount: number;
      readonly excludedOptionsByGroup: readonly ExcludedOptions[];
    };

export type ActiveContactField = ContactFieldState & { status: 'active' };

export const initialContactFieldState = (): ContactFieldState => ({ status: 'absent' });

/**
 * An option's id is its field's id and its number in the field ("<field id>.<n>"): the option calls
 * name only the option, and this finds the field's stream without a lookup. Ids are opaque to callers.
 */
export const contactFieldOptionId = (fieldId: string, number: number) => `${fieldId}.${number}`;

/** The field an option id names, or null when the id is not of that shape. */
export function fieldIdOfOption(optionId: string): string | null {
  const match = /^(.+)\.[1-9]\d{0,8}$/.exec(optionId);
  return match ? match[1]! : null;
}

const withoutOption = (excluded: readonly ExcludedOptions[], optionId: string): ExcludedOptions[] =>
  excluded
    .map((entry) => ({ ...entry, optionIds: entry.optionIds.filter((id) => id !== optionId) }))
    .filter((entry) => entry.optionIds.length > 0);

export function evolveContactField(state: ContactFieldState, event: ContactFieldEvent): ContactFieldState {
  if (event.type === 'ContactFieldCreated') {
    const { fieldId, customerGroupId, label, fieldType, options } = event.data;
    return { status: 'active', fieldId, customerGroupId, label, fieldType, options, optionCount: options.length, excludedOptionsByGroup: [] };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ContactFieldRenamed':
      return { ...state, label: event.data.label };
    case 'ContactFieldDeleted':
      return { status: 'deleted', fieldId: state.fieldId, customerGroupId: state.customerGroupId };
    case 'ContactFieldOptionAdded':
      return { ...state, options: [...state.options, event.data.option], optionCount: state.optionCount + 1 };
    case 'ContactFieldOptionRenamed':
      return {
        ...state,
        options: state.options.map((option) => (option.optionId === event.data.optionId ? { ...option, label: event.data.label } : option)),
      };
    case 'ContactFieldOptionDeleted':
      return {
        ...state,
        options: state.options.filter((option) => option.optionId !== event.data.optionId),
        excludedOptionsByGroup: withoutOption(state.excludedOptionsByGroup, event.data.optionId),
      };
    case 'ContactFieldExcludedOptionsChanged':
      return { ...state, excludedOptionsByGroup: event.data.excludedOptionsByGroup };
  }
}
