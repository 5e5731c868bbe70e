import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { notFound } from '@beacon/domain';
import { FILE_STORAGE, type FileStorage, type StoredFile } from '@beacon/file-storage';
import { IncidentAttachmentQuery } from './incident-attachment.query';

/** Another organisation's key, or no such key, answers 404. */
@QueryHandler(IncidentAttachmentQuery)
export class IncidentAttachmentHandler implements IQueryHandler<IncidentAttachmentQuery, StoredFile> {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ principal, key }: IncidentAttachmentQuery): Promise<StoredFile> {
    const file = await this.storage.get(principal.rootId, key);
    if (!file) throw notFound();
    return file;
  }
}
