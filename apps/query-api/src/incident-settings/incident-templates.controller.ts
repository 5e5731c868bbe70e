import { Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type IncidentTemplateDto, type IncidentTemplateWithFormDto } from '@beacon/contracts';
import { CurrentPrincipal, Public, type Principal } from '@beacon/platform';
import { IncidentTemplateQuery } from './queries/incident-template.query';
import { IncidentTemplatesQuery } from './queries/incident-templates.query';
import { PublicIncidentTemplateQuery } from './queries/public-incident-template.query';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of incident templates (spec part 1 §7 "Incident templates"), signed in and on the public page. */
@QueryController()
export class IncidentTemplatesController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** Every template of the organisation, by name; is_open false on each. */
  @Get(ROUTES.incidentTemplates.path)
  templates(@CurrentPrincipal() principal: Principal): Promise<IncidentTemplateDto[]> {
    return this.queryBus.execute(new IncidentTemplatesQuery(principal));
  }

  /** A template with its form, to start an incident from it. */
  @Get(ROUTES.incidentTemplate.path)
  template(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentTemplateWithFormDto> {
    return this.queryBus.execute(new IncidentTemplateQuery(principal, id));
  }

  /** The public incident template page (/incident-template): the template its subdomain selects, or 404. */
  @Public()
  @Get(ROUTES.publicIncidentTemplate.path)
  publicTemplate(@Param('subdomain') subdomain: string): Promise<IncidentTemplateWithFormDto> {
    return this.queryBus.execute(new PublicIncidentTemplateQuery(subdomain));
  }
}
