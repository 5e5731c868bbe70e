import type { Decider, DomainEvent } from '../shared/decider';

/**
 * The recordings of a conference message's bridge (GET /api/session/conference_recording/{id}/). Every
 * conference bridge is recorded from the moment the first person joins, and the people are told so as
 * they join (CONFERENCE_JOINING). Twilio reports each recording once it is complete; the dispatch worker
 * copies the audio into the organisation's files at once (Twilio's copy may be deleted, and its address
 * needs our account's credentials) and records it here, on the session's recording stream. A bridge
 * emptied and joined again makes a second recording; a report Twilio repeats changes nothing.
 */

/** The longest recording kept: four hours of Twilio's mono MP3 (32 kbit/s) is about 58 MB. */
export const MAX_CONFERENCE_RECORDING_BYTES = 200 * 1024 * 1024;

export const NO_CONFERENCE_RECORDING = 'No recording of this conference has been kept.';
export const NOT_A_CONFERENCE_SESSION = 'This message is not a conference.';

export interface ConferenceRecording {
  readonly sessionId: string;
  /** The provider's id of the recording (Twilio's RecordingSid): a repeated report names the same one. */
  readonly recordingId: string;
  /** The organisation's file holding the audio (file-storage). */
  readonly fileKey: string;
  readonly contentType: string;
  readonly size: number;
  /** As the provider measured it; null when it did not say. */
  readonly durationSeconds: number | null;
  readonly provider: 'twilio' | 'simulator';
  /** When the recording was kept (ISO 8601 UTC). */
  readonly at: string;
}

export const CONFERENCE_RECORDING_EVENT_VERSIONS = { ConferenceRecordingSaved: 1 } as const;

export type ConferenceRecordingSaved = DomainEvent<'ConferenceRecordingSaved', ConferenceRecording>;

export interface SaveConferenceRecording {
  readonly type: 'SaveConferenceRecording';
  readonly data: ConferenceRecording;
}

export interface ConferenceRecordingsState {
  readonly recordingIds: readonly string[];
}

/** Each recording once: a second report of the same recording decides nothing. */
export const conferenceRecordingDecider: Decider<SaveConferenceRecording, ConferenceRecordingSaved, ConferenceRecordingsState> = {
  decide: (command, state) => (state.recordingIds.includes(command.data.recordingId) ? [] : [{ type: 'ConferenceRecordingSaved', data: command.data }]),
  evolve: (state, event) => ({ recordingIds: [...state.recordingIds, event.data.recordingId] }),
  initialState: () => ({ recordingIds: [] }),
};

export const conferenceRecordingStream = (sessionId: string) => `message_session_conference_recording-${sessionId}`;
