import { Body, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ResendSessionQuerySchema,
  ROUTES,
  ScheduleSessionRequestSchema,
  SendScenarioRequestSchema,
  SendWithoutSavingRequestSchema,
  type SessionResentDto,
  type SessionStartedDto,
} from '@beacon/contracts';
import { SCENARIO_DETAIL, notFound, type MessageSessionState, type ScenarioDraft, type SendDayMove } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { ResendSessionCommand } from './commands/resend-session.command';
import { SendScenarioCommand } from './commands/send-scenario.command';

type Response = Parameters<typeof exposePosition>[0];

/** Sending a message now or later (spec part 2 §7 "Scenarios and sending"). */
@CommandController()
export class MessageSessionController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.sendScenario.path)
  @HttpCode(202)
  async sendScenario(
    @CurrentPrincipal() principal: Principal,
    @Param('id') scenarioId: string,
    @Body(new ZodBodyPipe(SendScenarioRequestSchema, { detail: SCENARIO_DETAIL })) input: z.output<typeof SendScenarioRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionStartedDto> {
    return this.send(new SendScenarioCommand(principal, { kind: 'kept', scenarioId, fields: input as Partial<ScenarioDraft> }, null, commandId), response);
  }

  @Post(ROUTES.sendWithoutSaving.path)
  @HttpCode(202)
  async sendWithoutSaving(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(SendWithoutSavingRequestSchema, { detail: SCENARIO_DETAIL })) input: z.output<typeof SendWithoutSavingRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionStartedDto> {
    const { customer_group, ...fields } = input;
    const target = { kind: 'unsaved' as const, fields: fields as Partial<ScenarioDraft>, ...(customer_group === undefined ? {} : { customerGroupId: customer_group }) };
    return this.send(new SendScenarioCommand(principal, target, null, commandId), response);
  }

  @Post(ROUTES.scheduleSession.path)
  @HttpCode(201)
  async schedule(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(ScheduleSessionRequestSchema)) input: z.output<typeof ScheduleSessionRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionStartedDto> {
    return this.send(new SendScenarioCommand(principal, { kind: 'kept', scenarioId: input.scenario, fields: {} }, input.scheduled_for, commandId), response);
  }

  /** PATCH /api/session/{id}/resend/?reply=No+Response (spec §7 "Session reports"): answers the session to follow as its task. */
  @Patch(ROUTES.resendSession.path)
  @HttpCode(202)
  async resend(
    @CurrentPrincipal() principal: Principal,
    @Param('id') sessionId: string,
    @Query(new ZodQueryPipe(ResendSessionQuerySchema)) { reply }: z.output<typeof ResendSessionQuerySchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionResentDto> {
    const outcome = await this.commandBus.execute(new ResendSessionCommand(principal, sessionId, reply, commandId));
    exposePosition(response, outcome.position);
    if (outcome.state.status === 'none') throw notFound();
    return { task_id: sessionId, session_id: sessionId, status: outcome.state.status };
  }

  private async send(command: SendScenarioCommand, response: Response): Promise<SessionStartedDto> {
    const outcome = await this.commandBus.execute(command);
    exposePosition(response, outcome.position);
    return sessionStarted(outcome.state, command.scheduledFor === null ? undefined : outcome.sendDay);
  }
}

/** The session as sent; a schedule's answer also says what its holiday and weekend checks will do (send_day_check). */
function sessionStarted(state: MessageSessionState, sendDay?: SendDayMove | null): SessionStartedDto {
  if (state.status === 'none') throw notFound();
  const { sessionId } = state.origin;
  const started: SessionStartedDto = { task_id: sessionId, session_id: sessionId, status: state.status, scheduled_for: state.scheduledFor };
  if (sendDay === undefined) return started;
  return {
    ...started,
    send_day_check: sendDay && {
      outcome: sendDay.outcome,
      reasons: [...sendDay.reasons],
      local_date: sendDay.localDate,
      holidays: [...sendDay.holidays],
      rescheduled_at: sendDay.rescheduledAt,
      reason: sendDay.reason,
    },
  };
}
