import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NO_CONFERENCE_RECORDING, NOT_A_CONFERENCE_SESSION, notFound } from '@beacon/domain';
import { FILE_STORAGE, sanitizeFileName, type FileStorage, type StoredFile } from '@beacon/file-storage';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CONFERENCE_RECORDINGS, type ConferenceRecordingsDocument } from '../../../shared/read-models/conference-recordings.read-model';
import { SessionReportReader } from '../session-report-reader';
import { ConferenceRecordingQuery } from './conference-recording.query';

/**
 * The bridge's recording, as a download named after the message and the day: people's voices, so the
 * session detail rule applies (§6: admins, and operators with a detailed-report permission). When the
 * bridge was joined more than once, the longest recording (the latest of equals) is answered.
 */
@QueryHandler(ConferenceRecordingQuery)
export class ConferenceRecordingHandler implements IQueryHandler<ConferenceRecordingQuery, StoredFile> {
  constructor(
    @Inject(SessionReportReader) private readonly reader: SessionReportReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  async execute({ principal, sessionId }: ConferenceRecordingQuery): Promise<StoredFile> {
    const { session } = await this.reader.open(principal, sessionId, 'detail');
    if (session.scenario_type !== 'conference') throw notFound(NOT_A_CONFERENCE_SESSION);
    const kept = await this.readStore.scope(principal.rootId).collection<ConferenceRecordingsDocument>(CONFERENCE_RECORDINGS).findOne({ _id: sessionId });
    const chosen = (kept?.recordings ?? []).reduce<ConferenceRecordingsDocument['recordings'][number] | null>(
      (best, recording) => (!best || (recording.duration_seconds ?? 0) >= (best.duration_seconds ?? 0) ? recording : best),
      null,
    );
    const file = chosen ? await this.files.get(principal.rootId, chosen.file_key) : null;
    if (!chosen || !file) throw notFound(NO_CONFERENCE_RECORDING);
    const extension = chosen.content_type === 'audio/wav' ? 'wav' : 'mp3';
    const day = chosen.at.slice(0, 10);
    return { ...file, name: sanitizeFileName(`${session.name || 'Conference'} ${day}.${extension}`), contentType: chosen.content_type };
  }
}
