import type { ContactFieldDto, ContactFieldOptionDto } from '@beacon/contracts';
import type { ActiveContactField, ContactFieldOption } from '@beacon/domain';

export const contactFieldOptionDto = (fieldId: string, option: ContactFieldOption): ContactFieldOptionDto => ({
  id: option.optionId,
  field: fieldId,
  label: option.label,
});

/** A field as the write calls answer it (the fields list adds what depends on the asked group). */
export function contactFieldDto(field: ActiveContactField): ContactFieldDto {
  return {
    id: field.fieldId,
    label: field.label,
    field_type: field.fieldType,
    customer_group: field.customerGroupId,
    options: field.options.map((option) => contactFieldOptionDto(field.fieldId, option)),
    excluded_options_by_group: Object.fromEntries(field.excludedOptionsByGroup.map((entry) => [entry.customerGroupId, [...entry.optionIds]])),
  };
}
