import { Inject, Injectable } from '@nestjs/common';
import { excludedOptionIdsFor, fieldIdOfOption, isOnCallDataFieldType, isSelectFieldType, type ActiveContactField, type CustomerGroupState } from '@beacon/domain';
import { ContactFields } from '../shared/contact-fields';
import { CustomerGroupAccess } from '../shared/customer-group-access';

/** Which of the fields and options a save of on-call settings names the group offers. */
export interface OfferedOnCallChoices {
  readonly fieldIds: string[];
  readonly optionIds: string[];
}

/**
 * What the group offers among the named fields and options, from the fields' own streams (strongly
 * consistent, as the merge fields' save reads them): a field is one of the group's on-call data
 * fields when it exists, is of no device type, and is defined in the group, an ancestor (it applies)
 * or a descendant (reports only); an option may have a staffing minimum when its field is a single or
 * multiple choice that applies to the group and the option is not excluded for the group or above.
 */
@Injectable()
export class OnCallFieldCatalogue {
  constructor(
    @Inject(ContactFields) private readonly contactFields: ContactFields,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async offered(group: CustomerGroupState & { status: 'active' }, fieldIds: readonly string[], optionIds: readonly string[]): Promise<OfferedOnCallChoices> {
    const path = [...group.ancestorIds, group.customerGroupId];
    const optionFields = optionIds.map((optionId) => [optionId, fieldIdOfOption(optionId)] as const);
    const named = [...new Set([...fieldIds, ...optionFields.flatMap(([, fieldId]) => (fieldId === null ? [] : [fieldId]))])];
    const fields = new Map((await Promise.all(named.map((fieldId) => this.contactFields.active(fieldId)))).flatMap((field) => (field ? [[field.fieldId, field] as const] : [])));
    const applies = (field: ActiveContactField) => path.includes(field.customerGroupId);
    const offeredFields: string[] = [];
    for (const fieldId of new Set(fieldIds)) {
      const field = fields.get(fieldId);
      if (field && isOnCallDataFieldType(field.fieldType) && (applies(field) || (await this.isBelow(field, group.customerGroupId)))) offeredFields.push(fieldId);
    }
    const offeredOptions = optionFields.flatMap(([optionId, fieldId]) => {
      const field = fieldId === null ? undefined : fields.get(fieldId);
      if (!field || !isSelectFieldType(field.fieldType) || !applies(field)) return [];
      const offered = field.options.some((option) => option.optionId === optionId) && !excludedOptionIdsFor(field.excludedOptionsByGroup, path).has(optionId);
      return offered ? [optionId] : [];
    });
    return { fieldIds: offeredFields, optionIds: offeredOptions };
  }

  /** Whether the field is defined in a descendant of the group. */
  private async isBelow(field: ActiveContactField, customerGroupId: string): Promise<boolean> {
    const owner = await this.groups.state(field.customerGroupId);
    return owner.status === 'active' && owner.ancestorIds.includes(customerGroupId);
  }
}
