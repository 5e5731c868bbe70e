import { Command } from '@nestjs/cqrs';
import type { MessageSessionEvent, MessageSessionState, ResendReply } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** PATCH /api/session/{id}/resend/?reply=No+Response; ResendSessionHandler carries it out. */
export class ResendSessionCommand extends Command<CommandOutcome<MessageSessionEvent, MessageSessionState>> {
  constructor(
    readonly principal: Principal,
    readonly sessionId: string,
    readonly reply: ResendReply,
    readonly commandId?: string,
  ) {
    super();
  }
}
