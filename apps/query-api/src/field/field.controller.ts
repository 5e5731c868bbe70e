import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CustomerGroupFieldsQuerySchema,
  FIELD_SCENARIOS_DEFAULT_PAGE_SIZE,
  ROUTES,
  ScenarioUsageQuerySchema,
  type CustomerGroupFieldDto,
  type ScenarioUsagePageDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { QueryController } from '../shared/query-controller.decorator';
import { CustomerGroupFieldsQuery } from '../shared/queries/customer-group-fields.query';
import { ScenarioUsageQuery } from './queries/scenario-usage.query';

type PageQuery = z.output<typeof ScenarioUsageQuerySchema>;

const pageOf = ({ page, page_size }: PageQuery) => ({
  page: page?.trim() ? Number(page) : 1,
  pageSize: page_size?.trim() ? Number(page_size) : FIELD_SCENARIOS_DEFAULT_PAGE_SIZE,
});

/** Contact fields (spec part 2 §7 "Fields and options"): the fields of a group and where fields and options are used. */
@QueryController()
export class FieldController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.customerGroupFields.path)
  fields(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(CustomerGroupFieldsQuerySchema)) flags: z.output<typeof CustomerGroupFieldsQuerySchema>,
  ): Promise<CustomerGroupFieldDto[]> {
    return this.queryBus.execute(new CustomerGroupFieldsQuery(principal, customerGroupId, flags));
  }

  @Get(ROUTES.fieldScenarios.path)
  fieldScenarios(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Query(new ZodQueryPipe(ScenarioUsageQuerySchema)) query: PageQuery,
  ): Promise<ScenarioUsagePageDto> {
    const { page, pageSize } = pageOf(query);
    return this.queryBus.execute(new ScenarioUsageQuery(principal, 'field', fieldId, page, pageSize));
  }

  @Get(ROUTES.fieldOptionScenarios.path)
  optionScenarios(
    @CurrentPrincipal() principal: Principal,
    @Param('id') optionId: string,
    @Query(new ZodQueryPipe(ScenarioUsageQuerySchema)) query: PageQuery,
  ): Promise<ScenarioUsagePageDto> {
    const { page, pageSize } = pageOf(query);
    return this.queryBus.execute(new ScenarioUsageQuery(principal, 'option', optionId, page, pageSize));
  }
}
