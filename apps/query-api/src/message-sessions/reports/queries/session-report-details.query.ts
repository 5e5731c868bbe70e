import type { Principal } from '@beacon/platform';

/** GET /api/session/{id}/report-details/: the session's statistics. */
export class SessionReportDetailsQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
  ) {}
}
