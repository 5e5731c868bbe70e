import { Query } from '@nestjs/cqrs';
import type { EmailInvokeQrDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The invoke address of a message in the caller's reach, and its QR code. */
export class EmailInvokeQrQuery extends Query<EmailInvokeQrDto> {
  constructor(
    readonly principal: Principal,
    readonly scenarioId: string,
  ) {
    super();
  }
}
