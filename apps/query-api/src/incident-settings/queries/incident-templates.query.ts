import { Query } from '@nestjs/cqrs';
import type { IncidentTemplateDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Every incident template of the organisation, by name, each with is_open false. */
export class IncidentTemplatesQuery extends Query<IncidentTemplateDto[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
