import { Command } from '@nestjs/cqrs';
import type { MessageSessionEvent, MessageSessionState, ScenarioDraft } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** What a send names: a kept message (with fields in place of its own), or a new draft and its group. */
export type SendTarget =
  | { readonly kind: 'kept'; readonly scenarioId: string; readonly fields: Partial<ScenarioDraft> }
  | { readonly kind: 'unsaved'; readonly fields: Partial<ScenarioDraft>; readonly customerGroupId?: string };

/** Sent on the CommandBus; SendScenarioHandler carries it out (now, or at `scheduledFor`). */
export class SendScenarioCommand extends Command<CommandOutcome<MessageSessionEvent, MessageSessionState>> {
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
