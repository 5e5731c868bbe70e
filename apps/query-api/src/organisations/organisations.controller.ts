import { Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { OrganisationsQuerySchema, ROUTES, type OrganisationPageDto, type OrganisationsQuery as OrganisationsRequest } from '@beacon/contracts';
import { PlatformCall, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { OrganisationsQuery } from './queries/organisations.query';

/** The platform's operators' reads (platform.routes.ts): the platform key, never a user's token. */
@QueryController()
@PlatformCall()
export class OrganisationsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.organisations.path)
  organisations(@Query(new ZodQueryPipe(OrganisationsQuerySchema)) request: OrganisationsRequest): Promise<OrganisationPageDto> {
    return this.queryBus.execute(new OrganisationsQuery(request));
  }
}
