import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { IncidentOutcome } from '../incident-store';

/** The body of a PATCH (contracts' PatchIncidentRequest), unchecked. */
export interface PatchIncidentInput {
  readonly version?: unknown;
  readonly state?: unknown;
  readonly incident_title?: unknown;
  readonly order?: unknown;
}

/** PATCH /api/incidents/incident/{id}/: state, title or order. */
export class PatchIncidentCommand extends Command<IncidentOutcome> {
  constructor(
    readonly principal: Principal,
    readonly incidentId: string,
    readonly input: PatchIncidentInput,
    readonly commandId?: string,
  ) {
    super();
  }
}
