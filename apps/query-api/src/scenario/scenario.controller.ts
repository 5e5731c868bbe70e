import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, ScenarioListQuerySchema, ScenarioNameQuerySchema, type ScenarioDto, type ScenarioListEntryDto, type ScenarioPageDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { QueryController } from '../shared/query-controller.decorator';
import { ScenarioNameQuery } from './queries/scenario-name.query';
import { ScenarioQuery } from './queries/scenario.query';
import { ScenariosQuery } from './queries/scenarios.query';

/** Kept messages (spec part 2 §7 "Scenarios and sending"). The name check is declared before `:id`, which would take "name". */
@QueryController()
export class ScenarioController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.scenarios.path)
  list(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(ScenarioListQuerySchema)) filters: z.output<typeof ScenarioListQuerySchema>,
  ): Promise<ScenarioListEntryDto[] | ScenarioPageDto> {
    return this.queryBus.execute(new ScenariosQuery(principal, filters));
  }

  @Get(ROUTES.scenarioName.path)
  name(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(ScenarioNameQuerySchema)) { name, is_real, scenario_id, customer_group }: z.output<typeof ScenarioNameQuerySchema>,
  ): Promise<{ name: string; available: true }> {
    return this.queryBus.execute(new ScenarioNameQuery(principal, name, is_real, scenario_id, customer_group));
  }

  @Get(ROUTES.scenario.path)
  scenario(@CurrentPrincipal() principal: Principal, @Param('id') scenarioId: string): Promise<ScenarioDto> {
    return this.queryBus.execute(new ScenarioQuery(principal, scenarioId));
  }
}
