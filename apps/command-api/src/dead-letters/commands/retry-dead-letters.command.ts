import { Command } from '@nestjs/cqrs';
import type { RetryDeadLettersAnswerDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; RetryDeadLettersHandler carries it out. */
export class RetryDeadLettersCommand extends Command<{ answer: RetryDeadLettersAnswerDto; position: number }> {
  constructor(
    readonly principal: Principal,
    readonly deliveryIds: readonly string[],
  ) {
    super();
  }
}
