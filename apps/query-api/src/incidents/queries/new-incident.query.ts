import { Query } from '@nestjs/cqrs';
import type { IncidentDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A new incident to fill in, from a form or a template, not yet recorded. */
export class NewIncidentQuery extends Query<IncidentDto> {
  constructor(
    readonly principal: Principal,
    /** A form (POST's body names it) or a template to start from. */
    readonly source: { readonly body: Record<string, unknown> } | { readonly templateId: string },
  ) {
    super();
  }
}
