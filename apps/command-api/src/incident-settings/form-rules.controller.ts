import { Body, Delete, HttpCode, Inject, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ROUTES, type FormRuleDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { IncidentSettingsCommandHandler } from './commands/incident-settings-command.handler';
import { answer, ruleDto, type Response } from './incident-settings.answers';
import { bodyOf, checkBodyId } from './request-body';

/**
 * Form rules (spec part 1 §7 "Incident form rules"). Invalid rules answer 400 with messages under
 * message, for_field, type and value, which the console shows as returned (spec §8).
 */
@CommandController()
export class FormRulesController {
  constructor(@Inject(IncidentSettingsCommandHandler) private readonly settings: IncidentSettingsCommandHandler) {}

  @Post(ROUTES.createFormRule.path)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Body() body: unknown,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FormRuleDto> {
    const { name, for_field, type, value, message, order } = bodyOf(body);
    const ruleId = this.settings.newId(principal, commandId, 'rule');
    const outcome = await this.settings.execute(
      principal,
      { type: 'CreateFormRule', data: { ruleId, formId, name, for_field, type, value, message, order } },
      commandId,
    );
    return answer(response, outcome, (state) => ruleDto(state, ruleId));
  }

  @Put(ROUTES.changeFormRule.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Param('id') ruleId: string,
    @Body() body: unknown,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FormRuleDto> {
    const input = bodyOf(body);
    checkBodyId(input, ruleId);
    const { name, for_field, type, value, message, order } = input;
    const outcome = await this.settings.execute(
      principal,
      { type: 'ChangeFormRule', data: { ruleId, formId, name, for_field, type, value, message, order } },
      commandId,
    );
    return answer(response, outcome, (state) => ruleDto(state, ruleId));
  }

  @Patch(ROUTES.moveFormRule.path)
  async move(
    @CurrentPrincipal() principal: Principal,
    @Param('form') formId: string,
    @Param('id') ruleId: string,
    @Body() body: unknown,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FormRuleDto> {
    const command = { type: 'MoveFormRule' as const, data: { ruleId, formId, order: bodyOf(body).order } };
    return answer(response, await this.settings.execute(principal, command, commandId), (state) => ruleDto(state, ruleId));
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
    exposePosition(response, (await this.settings.execute(principal, { type: 'DeleteFormRule', data: { ruleId, formId } }, commandId)).position);
  }
}
