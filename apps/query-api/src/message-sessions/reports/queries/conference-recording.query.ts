import type { Principal } from '@beacon/platform';

/** GET /api/session/conference_recording/{id}/: the audio of a conference session's bridge. */
export class ConferenceRecordingQuery {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
  ) {}
}
