import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { notFound } from '@beacon/domain';
import type { StoredFile } from '@beacon/file-storage';
import { MessageFileQuery } from './message-file.query';
import { MessageFiles } from './message-files';

/** Another organisation's key, a key of anything that is not a message file, or no such key answers 404. */
@QueryHandler(MessageFileQuery)
export class MessageFileHandler implements IQueryHandler<MessageFileQuery, StoredFile> {
  constructor(@Inject(MessageFiles) private readonly files: MessageFiles) {}

  async execute({ principal, key }: MessageFileQuery): Promise<StoredFile> {
    const file = await this.files.get(principal.rootId, key);
    if (!file) throw notFound();
    return file;
  }
}
