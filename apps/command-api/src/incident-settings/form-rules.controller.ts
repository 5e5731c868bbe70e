import { Body, Delete, HttpCode, Inject, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeFormRuleRequestSchema, FormRuleRequestSchema, MoveRequestSchema, ROUTES, type FormRuleDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { answer, ruleDto, type Response } from './incident-settings.answers';
import { checkBodyId, ORDER_DETAIL, RULE_DETAIL, settingsBody } from './request-body';
import { ChangeIncidentSettingsCommand } from './commands/change-incident-settings.command';
import { newSettingsEntityId } from './incident-settings-stream';

/**
 * Form rules (spec part 1 §7 "Incident form rules"). Invalid rules answer 400 with messages under
 * message, for_field, type and value, which the console shows as returned (spec §8).
 */
@CommandController()
export class FormRulesController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.createFormRule.path)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Body(settingsBody(FormRuleRequestSchema, RULE_DETAIL)) input: z.output<typeof FormRuleRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FormRuleDto> {
    const { name, for_field, type, value, message, order } = input;
    const ruleId = newSettingsEntityId(principal, commandId, 'rule');
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(
      principal,
      { type: 'CreateFormRule', data: { ruleId, formId, name, for_field, type, value, message, order } },
      commandId,
    ));
    return answer(response, outcome, (state) => ruleDto(state, ruleId));
  }

  @Put(ROUTES.changeFormRule.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Param('id') ruleId: string,
    @Body(settingsBody(ChangeFormRuleRequestSchema, RULE_DETAIL)) input: z.output<typeof ChangeFormRuleRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FormRuleDto> {
    checkBodyId(input.id, ruleId);
    const { name, for_field, type, value, message, order } = input;
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(
      principal,
      { type: 'ChangeFormRule', data: { ruleId, formId, name, for_field, type, value, message, order } },
      commandId,
    ));
    return answer(response, outcome, (state) => ruleDto(state, ruleId));
  }

  @Patch(ROUTES.moveFormRule.path)
  async move(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Param('id') ruleId: string,
    @Body(settingsBody(MoveRequestSchema, ORDER_DETAIL)) input: z.output<typeof MoveRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FormRuleDto> {
    const command = { type: 'MoveFormRule' as const, data: { ruleId, formId, order: input.order } };
    return answer(response, await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, command, commandId)), (state) => ruleDto(state, ruleId));
  }

  @Delete(ROUTES.deleteFormRule.path)
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Param('id') ruleId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'DeleteFormRule', data: { ruleId, formId } }, commandId))).position);
  }
}
