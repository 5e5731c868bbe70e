import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { IncidentOutcome } from '../incident-store';

/** The body of a PUT (contracts' UpdateIncidentRequest), unchecked. */
export interface UpdateIncidentInput {
  readonly version?: unknown;
  readonly incident_title?: unknown;
  readonly payload?: unknown;
  readonly ignored_field_groups?: unknown;
}

/** PUT /api/incidents/incident/{id}/: a new title, values and ignored field groups. */
export class UpdateIncidentCommand extends Command<IncidentOutcome> {
  constructor(
    readonly principal: Principal,
    readonly incidentId: string,
    readonly input: UpdateIncidentInput,
    readonly commandId?: string,
  ) {
    super();
  }
}
