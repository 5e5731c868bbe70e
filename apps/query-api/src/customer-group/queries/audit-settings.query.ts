import { Query } from '@nestjs/cqrs';
import type { AuditSettingsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The audit settings of a customer group in the caller's reach. */
export class AuditSettingsQuery extends Query<AuditSettingsDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
