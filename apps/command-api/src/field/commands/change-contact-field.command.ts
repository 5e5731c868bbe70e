import { Command } from '@nestjs/cqrs';
import type { ContactFieldCommand, ContactFieldEvent } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { ContactFieldOutcome } from './create-contact-field.command';

/** A command on an existing field, as the caller sent it; the handler adds what it looks up. */
export type ExistingFieldCommand =
  | Exclude<ContactFieldCommand, { type: 'CreateContactField' | 'DeleteContactField' | 'DeleteContactFieldOption' | 'ChangeExcludedOptionsByGroup' }>
  | { readonly type: 'DeleteContactField'; readonly data: { fieldId: string } }
  | { readonly type: 'DeleteContactFieldOption'; readonly data: { fieldId: string; optionId: string } }
  | {
      readonly type: 'ChangeExcludedOptionsByGroup';
      readonly data: Omit<Extract<ContactFieldCommand, { type: 'ChangeExcludedOptionsByGroup' }>['data'], 'descendantGroupIds'>;
    };

export interface ChangedFieldOutcome extends Omit<ContactFieldOutcome, 'field'> {
  /** The field right after the command; null once deleted. */
  readonly field: ContactFieldOutcome['field'] | null;
  readonly events: readonly ContactFieldEvent[];
}

/**
 * Sent on the CommandBus; ChangeContactFieldHandler carries it out (its comment has the rules).
 * `customerGroupId`, when given, is the group the URL names: it must be the field's own.
 */
export class ChangeContactFieldCommand extends Command<ChangedFieldOutcome> {
  constructor(
    readonly principal: Principal,
    readonly command: ExistingFieldCommand,
    readonly commandId?: string,
    readonly customerGroupId?: string,
  ) {
    super();
  }
}
