import type { Principal } from '@beacon/platform';

/** GET /api/session/{id}/recipient/{rid}/dispatches/: every attempt on every device of one person. */
export class SessionRecipientDispatchesQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
    readonly recipientId: string,
  ) {}
}
