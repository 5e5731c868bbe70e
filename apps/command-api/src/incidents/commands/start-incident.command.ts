import { Command } from '@nestjs/cqrs';
import type { StartIncidentRequestSchema } from '@beacon/contracts';
import type { z } from 'zod';
import type { IncidentOutcome } from '../incident-store';
import type { IncidentCaller } from '../incident-callers';

/** Where a new incident comes from: a form, or a template (its form, title and preset values). */
export type IncidentSource = { readonly formId: string } | { readonly templateId: string };

/** The body of a start as StartIncidentRequestSchema parsed it (the public page sends no order). */
export type StartIncidentInput = z.output<typeof StartIncidentRequestSchema>;

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
