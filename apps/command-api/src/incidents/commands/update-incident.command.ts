import { Command } from '@nestjs/cqrs';
import type { UpdateIncidentRequestSchema } from '@beacon/contracts';
import type { z } from 'zod';
import type { Principal } from '@beacon/platform';
import type { IncidentOutcome } from '../incident-store';

/** The body of a PUT as UpdateIncidentRequestSchema parsed it. */
export type UpdateIncidentInput = z.output<typeof UpdateIncidentRequestSchema>;

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
