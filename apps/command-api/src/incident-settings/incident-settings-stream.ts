import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
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
 * The id of an entity a settings command creates: derived from the idempotency key when there is
 * one, so a retried create answers the same entity instead of making a second.
 */
export function newSettingsEntityId(principal: Principal, commandId: string | undefined, kind: string): string {
  return commandId ? deterministicId(`${principal.rootId}/${kind}/${commandId}`) : randomUUID();
}

/**
 * One organisation's incident settings stream (its root customer group's): load, decide, append,
 * and the state up to a position. The settings and template command handlers share it.
 */
@Injectable()
export class IncidentSettingsStream {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  context(principal: Principal, commandId: string | undefined): CommandContext {
    return {
      commandId,
      tenantId: principal.rootId,
      customerGroupId: principal.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt: new Date(),
    };
  }

  async run(principal: Principal, command: IncidentSettingsCommand, commandId: string): Promise<IncidentSettingsOutcome> {
    const outcome = await this.executor.execute(
      incidentSettingsStream(principal.rootId),
      incidentSettingsDecider,
      command,
      this.context(principal, commandId),
      EXECUTE_OPTIONS,
    );
    return { position: outcome.position, events: outcome.events, state: outcome.state };
  }

  /** The organisation's settings as they stand. */
  async state(rootId: string): Promise<IncidentSettingsState> {
    const events = await this.executor.readStreamOrEmpty(incidentSettingsStream(rootId));
    return foldEvents(incidentSettingsDecider, events.map((event) => ({ type: event.type, data: event.data }) as IncidentSettingsEvent));
  }
}
