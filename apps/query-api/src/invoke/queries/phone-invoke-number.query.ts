import { Query } from '@nestjs/cqrs';
import type { ValidPhoneInvokeNumberDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Whether a number may invoke the messages of a group in the caller's reach by phone. */
export class PhoneInvokeNumberQuery extends Query<ValidPhoneInvokeNumberDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly phoneNumber: string,
  ) {
    super();
  }
}
