import type { Document } from '@beacon/read-store';

/** The recordings kept of each conference session's bridge (domain conference-recording.ts), one document per session. */
export const CONFERENCE_RECORDINGS = 'message_session_conference_recordings';
export const CONFERENCE_RECORDINGS_PROJECTION = 'conference-recordings';

export interface ConferenceRecordingEntry {
  recording_id: string;
  file_key: string;
  content_type: string;
  size: number;
  duration_seconds: number | null;
  provider: string;
  at: string;
}

export interface ConferenceRecordingsDocument extends Document {
  _id: string;
  /** In the order they were kept. */
  recordings: ConferenceRecordingEntry[];
}
