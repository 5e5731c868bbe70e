import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ValidPhoneInvokeNumberDto } from '@beacon/contracts';
import { checkPhoneInvokeNumber, settingsWithDefaults, validationError } from '@beacon/domain';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { PhoneInvokeNumberQuery } from './phone-invoke-number.query';

/** GET /api/customer_group/{id}/validate_phone_invoke_number: 200 with the number in E.164, or 400 with the one reason under phone_number. */
@QueryHandler(PhoneInvokeNumberQuery)
export class PhoneInvokeNumberHandler implements IQueryHandler<PhoneInvokeNumberQuery, ValidPhoneInvokeNumberDto> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal, customerGroupId, phoneNumber }: PhoneInvokeNumberQuery): Promise<ValidPhoneInvokeNumberDto> {
    const [group, root] = await Promise.all([this.groups.reachable(principal, customerGroupId), this.groups.root(principal)]);
    const check = checkPhoneInvokeNumber(phoneNumber, {
      settings: settingsWithDefaults(group.settings ?? {}),
      rootPermissions: root?.root_customer_group_permissions ?? [],
    });
    if (!check.valid) throw validationError(check.problem, { phone_number: [check.problem] });
    return { phone_number: check.phone_number, valid: true };
  }
}
