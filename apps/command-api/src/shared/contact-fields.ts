import { Inject, Injectable } from '@nestjs/common';
import { contactFieldDecider, contactFieldStream, foldEvents, type ActiveContactField, type ContactFieldEvent } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';

/**
 * Contact fields as the write side decides on them: read from each field's own stream, so a field
 * made or changed a moment ago counts at once (the read model may lag), and a name that is no field,
 * `__proto__` included, finds nothing.
 */
@Injectable()
export class ContactFields {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  /** The field, or null when there is none by that id or it was deleted. */
  async active(fieldId: string): Promise<ActiveContactField | null> {
    const history = await this.executor.readStreamOrEmpty(contactFieldStream(fieldId));
    const field = foldEvents(contactFieldDecider, history.map((event) => ({ type: event.type, data: event.data }) as ContactFieldEvent));
    return field.status === 'active' ? field : null;
  }
}
