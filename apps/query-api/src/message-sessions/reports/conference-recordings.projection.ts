import type { ConferenceRecordingSaved } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import type { DocumentChange } from '@beacon/read-store';
import {
  CONFERENCE_RECORDINGS,
  CONFERENCE_RECORDINGS_PROJECTION,
  type ConferenceRecordingEntry,
  type ConferenceRecordingsDocument,
} from '../../shared/read-models/conference-recordings.read-model';

/** Each conference session's recordings, as the dispatch workers kept them; a recording already listed is not listed again. */
export const conferenceRecordingsProjection: ProjectionDefinition = {
  name: CONFERENCE_RECORDINGS_PROJECTION,
  collections: [CONFERENCE_RECORDINGS],
  project(recorded: RecordedEvent): DocumentChange[] {
    if (recorded.type !== 'ConferenceRecordingSaved') return [];
    const data = recorded.data as ConferenceRecordingSaved['data'];
    const entry: ConferenceRecordingEntry = {
      recording_id: data.recordingId,
      file_key: data.fileKey,
      content_type: data.contentType,
      size: data.size,
      duration_seconds: data.durationSeconds,
      provider: data.provider,
      at: data.at,
    };
    return [
      {
        collection: CONFERENCE_RECORDINGS,
        tenantId: String(recorded.metadata.tenantId),
        id: data.sessionId,
        apply: (current) => {
          const recordings = (current as ConferenceRecordingsDocument | null)?.recordings ?? [];
          if (recordings.some((kept) => kept.recording_id === entry.recording_id)) return current;
          return { _id: data.sessionId, recordings: [...recordings, entry] } satisfies ConferenceRecordingsDocument;
        },
      },
    ];
  },
};
