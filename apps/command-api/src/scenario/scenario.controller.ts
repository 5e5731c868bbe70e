import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeScenarioRequestSchema, CreateScenarioRequestSchema, ROUTES, type ScenarioDto } from '@beacon/contracts';
import { SCENARIO_DETAIL, notFound, type ScenarioState } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { CreateScenarioCommand } from './commands/create-scenario.command';
import { ExistingScenarioCommand } from './commands/existing-scenario.command';
import { scenarioDto } from './scenario-dto';

type Response = Parameters<typeof exposePosition>[0];

/** Messages kept as templates (spec part 2 §7 "Scenarios and sending"). */
@CommandController()
export class ScenarioController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.createScenario.path)
  @HttpCode(201)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(CreateScenarioRequestSchema, { detail: SCENARIO_DETAIL })) input: z.output<typeof CreateScenarioRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ScenarioDto> {
    const outcome = await this.commandBus.execute(new CreateScenarioCommand(principal, input, commandId));
    exposePosition(response, outcome.position);
    return this.answer(outcome.state);
  }

  @Put(ROUTES.changeScenario.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('id') scenarioId: string,
    @Body(new ZodBodyPipe(ChangeScenarioRequestSchema, { detail: SCENARIO_DETAIL })) input: z.output<typeof ChangeScenarioRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ScenarioDto> {
    const outcome = await this.commandBus.execute(new ExistingScenarioCommand(principal, scenarioId, input, commandId));
    exposePosition(response, outcome.position);
    return this.answer(outcome.state);
  }

  @Delete(ROUTES.deleteScenario.path)
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') scenarioId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const outcome = await this.commandBus.execute(new ExistingScenarioCommand(principal, scenarioId, 'delete', commandId));
    exposePosition(response, outcome.position);
  }

  private answer(state: ScenarioState): ScenarioDto {
    if (state.status !== 'active') throw notFound();
    return scenarioDto(state);
  }
}
