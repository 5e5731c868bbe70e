import { Query } from '@nestjs/cqrs';
import type { IncidentTemplateWithFormDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** An incident template with its form and fields, to start an incident from it. */
export class IncidentTemplateQuery extends Query<IncidentTemplateWithFormDto> {
  constructor(
    readonly principal: Principal,
    readonly templateId: string,
  ) {
    super();
  }
}
