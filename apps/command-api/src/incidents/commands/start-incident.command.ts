import { Command } from '@nestjs/cqrs';
import type { IncidentOutcome } from '../incident-store';
import type { IncidentCaller } from '../incident-callers';
import type { IncidentSource } from './start-incident.handler';
import type { StartIncidentInput } from './start-incident.handler';

/** Sent on the CommandBus; StartIncidentHandler carries it out (its comment has the rules). */
export class StartIncidentCommand extends Command<IncidentOutcome> {
  constructor(
    readonly caller: IncidentCaller,
    readonly source: IncidentSource,
    readonly input: StartIncidentInput,
    readonly commandId?: string,
  ) {
    super();
  }
}
