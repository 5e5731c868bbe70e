import { Command } from '@nestjs/cqrs';
import type { PatchIncidentRequestSchema } from '@beacon/contracts';
import type { z } from 'zod';
import type { Principal } from '@beacon/platform';
import type { IncidentOutcome } from '../incident-store';

/** The body of a PATCH as PatchIncidentRequestSchema parsed it. */
export type PatchIncidentInput = z.output<typeof PatchIncidentRequestSchema>;

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
