import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  foldEvents,
  incidentSettingsDecider,
  incidentSettingsStream,
  type IncidentSettingsCommand,
  type IncidentSettingsEvent,
  type IncidentSettingsState,
} from '@beacon/domain';
import { CommandExecutor, deterministicId, type CommandContext, type Principal } from '@beacon/platform';

export interface IncidentSettingsOutcome {
  /** Position of the last event appended (the store's head when nothing changed). */
  readonly position: number;
  readonly events: readonly IncidentSettingsEvent[];
  /** The organisation's settings right after the command: what the answer is computed from. */
  readonly state: IncidentSettingsState;
}

/** Writers of one organisation's settings share one stream: on a clash, retry a little apart. */
const EXECUTE_OPTIONS = { maxAttempts: 10, retryBackoffMs: 20 };

/**
 * Runs any incident settings command against the caller's organisation (its root customer group):
 * load the one settings stream, decide, append. Every settings command is the same load-decide-append
 * on the same stream and differs only in its decide function, so one handler serves them all; the
 * controllers name the command and turn the resulting state into the answer.
 */
@Injectable()
export class IncidentSettingsCommandHandler {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  /**
   * The id of an entity a command creates: derived from the idempotency key when there is one, so a
   * retried create answers the same entity instead of making a second.
   */
  newId(principal: Principal, commandId: string | undefined, kind: string): string {
    return commandId ? deterministicId(`${principal.rootId}/${kind}/${commandId}`) : randomUUID();
  }

  context(principal: Principal, commandId: string | undefined): CommandContext {
    return {
      commandId,
      tenantId: principal.rootId,
      customerGroupId: principal.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt: new Date(),
    };
  }

  async execute(principal: Principal, command: IncidentSettingsCommand, commandId?: string): Promise<IncidentSettingsOutcome> {
    const outcome = await this.executor.execute(
      incidentSettingsStream(principal.rootId),
      incidentSettingsDecider,
      command,
      this.context(principal, commandId ?? randomUUID()),
      EXECUTE_OPTIONS,
    );
    return { position: outcome.position, events: outcome.events, state: await this.state(principal.rootId, outcome.position) };
  }

  /** The organisation's settings, up to `position` when given (the state a write produced). */
  async state(rootId: string, position = Number.POSITIVE_INFINITY): Promise<IncidentSettingsState> {
    const events = await this.executor.readStreamOrEmpty(incidentSettingsStream(rootId));
    return foldEvents(
      incidentSettingsDecider,
      events.filter((event) => event.position <= position).map((event) => ({ type: event.type, data: event.data }) as IncidentSettingsEvent),
    );
  }
}
