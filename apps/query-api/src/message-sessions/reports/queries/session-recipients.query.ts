import type { SessionRecipientsQuery as SessionRecipientsParams } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** GET /api/session/{id}/recipients/: a page of the session's people, filtered. */
export class SessionRecipientsQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
    readonly query: SessionRecipientsParams,
  ) {}
}
