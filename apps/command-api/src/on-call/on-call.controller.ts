import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AssignOnCallRequestSchema,
  ChangeOnCallPeriodRequestSchema,
  ChangeOnCallSettingsRequestSchema,
  CreateOnCallPeriodRequestSchema,
  ROUTES,
  type AssignOnCallDto,
  type OnCallPeriodChangeDto,
  type OnCallPeriodRemovalDto,
  type OnCallSettingsSavedDto,
} from '@beacon/contracts';
import { notFound, PERIOD_DETAIL, SETTINGS_DETAIL } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { AssignOnCallCommand, type AssignMode, type AssignOnCallOutcome } from './commands/assign-on-call.command';
import { ChangeOnCallPeriodCommand } from './commands/change-on-call-period.command';
import { ChangeOnCallSettingsCommand } from './commands/change-on-call-settings.command';
import { CreateOnCallPeriodCommand } from './commands/create-on-call-period.command';
import { DeleteOnCallPeriodCommand } from './commands/delete-on-call-period.command';
import type { OnCallPeriodOutcome, WrittenPeriod } from './on-call-rosters';

type Response = Parameters<typeof exposePosition>[0];

const periodAnswer = (period: WrittenPeriod) => ({ on_call_period_id: period.periodId, start_date: period.startDate, end_date: period.endDate });

function periodChange({ period, warnings }: OnCallPeriodOutcome): OnCallPeriodChangeDto {
  if (!period) throw notFound();
  return { ...periodAnswer(period), user: period.userId, warnings };
}

const assignment = ({ results, warnings }: AssignOnCallOutcome): AssignOnCallDto => ({
  results: results.map((result) => ({ user: result.userId, periods: result.periods.map(periodAnswer), ...(result.error === undefined ? {} : { error: result.error }) })),
  warnings,
});

/** The on-call writes (spec part 2 §7 "On call" and "Users and on call"). */
@CommandController()
export class OnCallController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  /** POST /api/customer_group_on_call_settings/{id}/ with on_call_settings and options_staffing. */
  @Post(ROUTES.changeOnCallSettings.path)
  @HttpCode(200)
  async changeSettings(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ChangeOnCallSettingsRequestSchema, { detail: SETTINGS_DETAIL })) body: z.output<typeof ChangeOnCallSettingsRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OnCallSettingsSavedDto> {
    const outcome = await this.commandBus.execute(new ChangeOnCallSettingsCommand(principal, customerGroupId, body.on_call_settings, body.options_staffing, commandId));
    exposePosition(response, outcome.position);
    const { settings, staffing } = outcome.state;
    return {
      customer_group: customerGroupId,
      on_call_settings: { display_fields: [...settings.display_fields], filter_fields: [...settings.filter_fields] },
      options_staffing: Object.fromEntries(staffing.map((entry) => [entry.optionId, entry.value])),
    };
  }

  @Post(ROUTES.createOnCallPeriod.path)
  @HttpCode(201)
  async createPeriod(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(CreateOnCallPeriodRequestSchema, { detail: PERIOD_DETAIL })) { user, start_date, end_date }: z.output<typeof CreateOnCallPeriodRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OnCallPeriodChangeDto> {
    const outcome = await this.commandBus.execute(new CreateOnCallPeriodCommand(principal, user, start_date, end_date, commandId));
    exposePosition(response, outcome.position);
    return periodChange(outcome);
  }

  @Put(ROUTES.changeOnCallPeriod.path)
  async changePeriod(
    @CurrentPrincipal() principal: Principal,
    @Param('id') periodId: string,
    @Body(new ZodBodyPipe(ChangeOnCallPeriodRequestSchema, { detail: PERIOD_DETAIL })) { start_date, end_date, user }: z.output<typeof ChangeOnCallPeriodRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OnCallPeriodChangeDto> {
    const outcome = await this.commandBus.execute(new ChangeOnCallPeriodCommand(principal, periodId, start_date, end_date, user, commandId));
    exposePosition(response, outcome.position);
    return periodChange(outcome);
  }

  /** DELETE /api/on_call_period/{id}/: 200 with the staffing warnings of the time the period covered. */
  @Delete(ROUTES.deleteOnCallPeriod.path)
  async deletePeriod(
    @CurrentPrincipal() principal: Principal,
    @Param('id') periodId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OnCallPeriodRemovalDto> {
    const outcome = await this.commandBus.execute(new DeleteOnCallPeriodCommand(principal, periodId, commandId));
    exposePosition(response, outcome.position);
    return { warnings: outcome.warnings };
  }

  @Post(ROUTES.assignOnCallEntire.path)
  @HttpCode(200)
  assignEntire(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(AssignOnCallRequestSchema, { detail: PERIOD_DETAIL })) body: z.output<typeof AssignOnCallRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AssignOnCallDto> {
    return this.assign(principal, 'entire', body, commandId, response);
  }

  @Post(ROUTES.assignOnCallParts.path)
  @HttpCode(200)
  assignParts(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(AssignOnCallRequestSchema, { detail: PERIOD_DETAIL })) body: z.output<typeof AssignOnCallRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AssignOnCallDto> {
    return this.assign(principal, 'parts', body, commandId, response);
  }

  private async assign(
    principal: Principal,
    mode: AssignMode,
    { users, start_date, end_date }: z.output<typeof AssignOnCallRequestSchema>,
    commandId: string | undefined,
    response: Response,
  ): Promise<AssignOnCallDto> {
    const outcome: AssignOnCallOutcome = await this.commandBus.execute(new AssignOnCallCommand(principal, mode, users, start_date, end_date, commandId));
    exposePosition(response, outcome.position);
    return assignment(outcome);
  }
}
