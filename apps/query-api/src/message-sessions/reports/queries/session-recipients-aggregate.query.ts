import type { SessionReportAggregate } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** GET /api/session/{id}/recipients/aggregate/{by}/: the session's people counted by state, reply or reply time. */
export class SessionRecipientsAggregateQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
    readonly by: SessionReportAggregate,
  ) {}
}
