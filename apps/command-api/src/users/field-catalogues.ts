import { Inject, Injectable } from '@nestjs/common';
import { excludedOptionIdsFor, type ApplicableField, type CustomerGroupState, type FieldCatalogue } from '@beacon/domain';
import { ContactFields } from '../shared/contact-fields';

type ActiveGroup = CustomerGroupState & { status: 'active' };

/**
 * What the user decider needs to check contact-field values: of the fields a request names, those
 * that apply to the user's customer group (defined in it or in an ancestor, not deleted), with the
 * options the group offers, and the group's dial code. Each field is read from its own stream.
 */
@Injectable()
export class FieldCatalogues {
  constructor(@Inject(ContactFields) private readonly contactFields: ContactFields) {}

  async of(group: ActiveGroup, fieldIds: readonly string[]): Promise<FieldCatalogue> {
    const path = [...group.ancestorIds, group.customerGroupId];
    const fields = await Promise.all([...new Set(fieldIds)].map((fieldId) => this.applicable(fieldId, path)));
    return {
      dialCode: group.settings.country_code.dial_code,
      fields: new Map(fields.filter((field): field is ApplicableField => field !== null).map((field) => [field.fieldId, field])),
    };
  }

  private async applicable(fieldId: string, path: readonly string[]): Promise<ApplicableField | null> {
    const field = await this.contactFields.active(fieldId);
    if (!field || !path.includes(field.customerGroupId)) return null;
    const excluded = excludedOptionIdsFor(field.excludedOptionsByGroup, path);
    return {
      fieldId: field.fieldId,
      label: field.label,
      fieldType: field.fieldType,
      offeredOptionIds: new Set(field.options.map((option) => option.optionId).filter((optionId) => !excluded.has(optionId))),
    };
  }
}
