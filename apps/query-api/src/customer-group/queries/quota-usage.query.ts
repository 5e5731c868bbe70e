import { Query } from '@nestjs/cqrs';
import type { QuotaUsageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The caller's organisation's daily quotas and today's use of them. */
export class QuotaUsageQuery extends Query<QuotaUsageDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
