import { Query } from '@nestjs/cqrs';
import type { IncidentDto, NewIncidentRequestSchema } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

/** A new incident to fill in, from a form or a template, not yet recorded. */
export class NewIncidentQuery extends Query<IncidentDto> {
  constructor(
    readonly principal: Principal,
    /** A form (POST's body names it) or a template to start from. */
    readonly source: { readonly body: z.output<typeof NewIncidentRequestSchema> } | { readonly templateId: string },
  ) {
    super();
  }
}
