import { Inject, Injectable } from '@nestjs/common';
import { fileUploadStream, type FileUploadedData } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { FILE_STORAGE, isFileKey, type FileStorage, type StoredFile } from '@beacon/file-storage';
import { EVENT_STORE } from '@beacon/platform';

/**
 * Message files by key. The file storage holds every upload of an organisation under one key space;
 * a key is served here only when its upload was recorded as a message file (FileUploaded) of the
 * same organisation. The record is written before an upload answers, so a file is downloadable as
 * soon as its upload call returns, without waiting for any projection.
 */
@Injectable()
export class MessageFiles {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async get(tenantId: string, key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    const upload = await this.recordedUpload(key);
    if (upload?.tenantId !== tenantId) return null;
    return this.storage.get(tenantId, key);
  }

  private async recordedUpload(key: string): Promise<FileUploadedData | null> {
    try {
      const [event] = await this.eventStore.readStream(fileUploadStream(key), { maxCount: 1 });
      return event?.type === 'FileUploaded' ? (event.data as FileUploadedData) : null;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }
}
