import { Query } from '@nestjs/cqrs';
import type { IncidentTemplateWithFormDto } from '@beacon/contracts';

/** The template a public page's subdomain selects, in whichever organisation holds it. */
export class PublicIncidentTemplateQuery extends Query<IncidentTemplateWithFormDto> {
  constructor(readonly subdomain: string) {
    super();
  }
}
