import { Command } from '@nestjs/cqrs';
import type { CreateContactFieldRequestSchema } from '@beacon/contracts';
import type { ActiveContactField } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

export interface ContactFieldOutcome {
  readonly position: number;
  readonly field: ActiveContactField;
}

/** Sent on the CommandBus; CreateContactFieldHandler carries it out (its comment has the rules). */
export class CreateContactFieldCommand extends Command<ContactFieldOutcome> {
  constructor(
    readonly principal: Principal,
    readonly input: z.output<typeof CreateContactFieldRequestSchema>,
    readonly commandId?: string,
  ) {
    super();
  }
}
