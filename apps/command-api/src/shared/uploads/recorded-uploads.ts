import { Inject, Injectable } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import {
  fileUploadStream,
  incidentAttachmentStream,
  MAX_ATTACHMENT_KEYS_PER_SAVE,
  type FileUploadedData,
  type IncidentAttachmentUploadedData,
  type KnownUploads,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { isFileKey } from '@beacon/file-storage';
import { CommandExecutor } from '@beacon/platform';

type UploadRecord = Pick<IncidentAttachmentUploadedData, 'key' | 'tenantId' | 'name' | 'size' | 'contentType'>;

/** The first event of an upload stream, when it is the upload record of that kind and its file was not removed since. */
function recordOf(events: readonly RecordedEvent[], type: 'IncidentAttachmentUploaded' | 'FileUploaded'): { data: UploadRecord; at: string } | null {
  const [first] = events;
  if (first?.type !== type || events.some((event) => event.type === 'IncidentAttachmentRemoved')) return null;
  const data = first.data as IncidentAttachmentUploadedData | FileUploadedData;
  return { data, at: typeof first.metadata.acceptedAt === 'string' ? first.metadata.acceptedAt : first.recordedAt };
}

/**
 * The upload records of attachment keys, read from the write side's own streams (an upload answers
 * only once its record is written, so a file is usable at once): an incident attachment
 * (`incident_attachment-<key>`) or a message file (`file_upload-<key>`), of the given organisation
 * only. Keys of other organisations, of uploads never finished or removed and made-up keys are simply
 * absent, and the decider refuses attachments naming them.
 */
@Injectable()
export class RecordedUploads {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async of(tenantId: string, keys: readonly string[]): Promise<KnownUploads> {
    const wanted = [...new Set(keys.filter(isFileKey))].slice(0, MAX_ATTACHMENT_KEYS_PER_SAVE);
    const found = await Promise.all(wanted.map((key) => this.record(key)));
    const known: Record<string, KnownUploads[string]> = {};
    for (const record of found) {
      if (!record || record.data.tenantId !== tenantId) continue;
      const { key, name, size, contentType } = record.data;
      // The organisation's attachment download serves any file of its storage, message files included.
      known[key] = { url: ROUTES.incidentAttachment.path.replace(':key', key), key, name, created_at: record.at, size, content_type: contentType };
    }
    return known;
  }

  private async record(key: string): Promise<{ data: UploadRecord; at: string } | null> {
    const attachment = recordOf(await this.executor.readStreamOrEmpty(incidentAttachmentStream(key)), 'IncidentAttachmentUploaded');
    return attachment ?? recordOf(await this.executor.readStreamOrEmpty(fileUploadStream(key)), 'FileUploaded');
  }
}
