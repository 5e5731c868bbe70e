import type { SessionRecipientFilters } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** GET /api/session/{id}/recipients/ids/: the ids of every person the filters match. */
export class SessionRecipientIdsQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
    readonly filters: SessionRecipientFilters,
  ) {}
}
