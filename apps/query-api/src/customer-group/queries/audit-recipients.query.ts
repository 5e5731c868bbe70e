import { Query } from '@nestjs/cqrs';
import type { AuditRecipientDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Who may receive the audit reports of a customer group in the caller's reach. */
export class AuditRecipientsQuery extends Query<AuditRecipientDto[]> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
