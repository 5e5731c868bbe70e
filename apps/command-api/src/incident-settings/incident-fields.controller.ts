import { Body, Delete, HttpCode, Inject, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ChangeFieldOptionRequestSchema,
  ChangeIncidentFieldRequestSchema,
  CreateFieldOptionRequestSchema,
  CreateIncidentFieldRequestSchema,
  DeleteFieldConditionsRequestSchema,
  DeleteFieldRulesRequestSchema,
  MoveRequestSchema,
  ROUTES,
  type FieldChoiceOptionDto,
  type IncidentFieldDto,
} from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { answer, fieldDto, optionDto, type Response } from './incident-settings.answers';
import { checkBodyId, FIELD_DETAIL, OPTION_DETAIL, ORDER_DETAIL, settingsBody } from './request-body';
import { ChangeIncidentSettingsCommand } from './commands/change-incident-settings.command';
import { newSettingsEntityId } from './incident-settings-stream';

/**
 * Incident fields and their choice options (spec part 1 §7 "Incident fields and options"), and the
 * steps before deleting a field: deleting its rules and its display conditions.
 */
@CommandController()
export class IncidentFieldsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.createIncidentField.path)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(settingsBody(CreateIncidentFieldRequestSchema, FIELD_DETAIL)) input: z.output<typeof CreateIncidentFieldRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentFieldDto> {
    const { label, field_type, is_pii, order } = input;
    const fieldId = newSettingsEntityId(principal, commandId, 'field');
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'CreateIncidentField', data: { fieldId, label, field_type, is_pii, order } }, commandId));
    return answer(response, outcome, (state) => fieldDto(state, fieldId));
  }

  @Put(ROUTES.changeIncidentField.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Body(settingsBody(ChangeIncidentFieldRequestSchema, FIELD_DETAIL)) input: z.output<typeof ChangeIncidentFieldRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentFieldDto> {
    checkBodyId(input.id, fieldId);
    const { label, field_type, is_pii } = input;
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'ChangeIncidentField', data: { fieldId, label, field_type, is_pii } }, commandId));
    return answer(response, outcome, (state) => fieldDto(state, fieldId));
  }

  @Patch(ROUTES.moveIncidentField.path)
  async move(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Body(settingsBody(MoveRequestSchema, ORDER_DETAIL)) input: z.output<typeof MoveRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentFieldDto> {
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'MoveIncidentField', data: { fieldId, order: input.order } }, commandId));
    return answer(response, outcome, (state) => fieldDto(state, fieldId));
  }

  /** 400 naming the rules and field groups whose conditions still use the field. */
  @Delete(ROUTES.deleteIncidentField.path)
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'DeleteIncidentField', data: { fieldId } }, commandId))).position);
  }

  @Post(ROUTES.createFieldOption.path)
  async createOption(
    @CurrentPrincipal() principal: Principal,
    @Body(settingsBody(CreateFieldOptionRequestSchema, OPTION_DETAIL)) input: z.output<typeof CreateFieldOptionRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FieldChoiceOptionDto> {
    const { field, value } = input;
    const optionId = newSettingsEntityId(principal, commandId, 'option');
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'AddFieldChoiceOption', data: { optionId, field, value } }, commandId));
    return answer(response, outcome, (state) => optionDto(state, optionId));
  }

  @Put(ROUTES.changeFieldOption.path)
  async changeOption(
    @CurrentPrincipal() principal: Principal,
    @Param('id') optionId: string,
    @Body(settingsBody(ChangeFieldOptionRequestSchema, OPTION_DETAIL)) input: z.output<typeof ChangeFieldOptionRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FieldChoiceOptionDto> {
    const { field, value } = input;
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'ChangeFieldChoiceOption', data: { optionId, field, value } }, commandId));
    return answer(response, outcome, (state) => optionDto(state, optionId));
  }

  @Delete(ROUTES.deleteFieldOption.path)
  @HttpCode(204)
  async deleteOption(
    @CurrentPrincipal() principal: Principal,
    @Param('id') optionId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'DeleteFieldChoiceOption', data: { optionId } }, commandId))).position);
  }

  /** Body {rules}: the rules of the field to delete. */
  @Delete(ROUTES.deleteFieldRules.path)
  @HttpCode(204)
  async deleteRules(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Body(settingsBody(DeleteFieldRulesRequestSchema, 'Invalid rules.')) input: z.output<typeof DeleteFieldRulesRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const command = { type: 'DeleteFieldRules' as const, data: { fieldId, rules: input.rules } };
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, command, commandId))).position);
  }

  /** Body {field_group_ids}: the groups whose display conditions on the field go. */
  @Delete(ROUTES.deleteFieldConditions.path)
  @HttpCode(204)
  async deleteConditions(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldId: string,
    @Body(settingsBody(DeleteFieldConditionsRequestSchema, 'Invalid field_group_ids.')) input: z.output<typeof DeleteFieldConditionsRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const command = { type: 'DeleteFieldDisplayConditions' as const, data: { fieldId, field_group_ids: input.field_group_ids } };
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, command, commandId))).position);
  }
}
