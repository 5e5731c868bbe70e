import { Command } from '@nestjs/cqrs';
import type { MessageSessionEvent, MessageSessionState, ScenarioDraft, SendDayMove } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** What a send names: a kept message (with fields in place of its own), or a new draft and its group. */
export type SendTarget =
  | { readonly kind: 'kept'; readonly scenarioId: string; readonly fields: Partial<ScenarioDraft> }
  | { readonly kind: 'unsaved'; readonly fields: Partial<ScenarioDraft>; readonly customerGroupId?: string };

/** A send's outcome; a scheduled one's with what its holiday and weekend checks will do (null: it starts as planned). */
export type SendOutcome = CommandOutcome<MessageSessionEvent, MessageSessionState> & { readonly sendDay: SendDayMove | null };

/** Sent on the CommandBus; SendScenarioHandler carries it out (now, or at `scheduledFor`). */
export class SendScenarioCommand extends Command<SendOutcome> {
  constructor(
    readonly principal: Principal,
    readonly target: SendTarget,
    /** Absent: send now. */
    readonly scheduledFor: string | null,
    readonly commandId?: string,
  ) {
    super();
  }
}
