import { Command } from '@nestjs/cqrs';
import type { FormFields } from './fields-then-file-form';

/** Sent on the CommandBus; StorageUploadHandler carries it out (its comment has the rules). */
export class StorageUploadCommand extends Command<number> {
  constructor(
    readonly fields: FormFields,
    readonly file: AsyncIterable<Buffer> | undefined,
  ) {
    super();
  }
}
