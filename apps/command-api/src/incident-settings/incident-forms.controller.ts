import { Body, Delete, HttpCode, Inject, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ChangeFieldGroupRequestSchema,
  FieldGroupRequestSchema,
  IncidentFormRequestSchema,
  MoveRequestSchema,
  RenameIncidentFormRequestSchema,
  ROUTES,
  type FieldGroupDto,
  type IncidentFormDto,
} from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { answer, fieldGroupDto, formDto, type Response } from './incident-settings.answers';
import { checkBodyId, FIELD_GROUP_DETAIL, FORM_DETAIL, ORDER_DETAIL, settingsBody } from './request-body';
import { ChangeIncidentSettingsCommand } from './commands/change-incident-settings.command';
import { newSettingsEntityId } from './incident-settings-stream';

/** Incident forms and their field groups (spec part 1 §7 "Forms and field groups"). */
@CommandController()
export class IncidentFormsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.createIncidentForm.path)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(settingsBody(IncidentFormRequestSchema, FORM_DETAIL)) input: z.output<typeof IncidentFormRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentFormDto> {
    const { name, order } = input;
    const formId = newSettingsEntityId(principal, commandId, 'form');
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'CreateIncidentForm', data: { formId, name, order } }, commandId));
    return answer(response, outcome, (state) => formDto(state, formId));
  }

  @Put(ROUTES.renameIncidentForm.path)
  async rename(
    @CurrentPrincipal() principal: Principal,
    @Param('id') formId: string,
    @Body(settingsBody(RenameIncidentFormRequestSchema, FORM_DETAIL)) input: z.output<typeof RenameIncidentFormRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentFormDto> {
    checkBodyId(input.id, formId);
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'RenameIncidentForm', data: { formId, name: input.name } }, commandId));
    return answer(response, outcome, (state) => formDto(state, formId));
  }

  @Patch(ROUTES.moveIncidentForm.path)
  async move(
    @CurrentPrincipal() principal: Principal,
    @Param('id') formId: string,
    @Body(settingsBody(MoveRequestSchema, ORDER_DETAIL)) input: z.output<typeof MoveRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentFormDto> {
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'MoveIncidentForm', data: { formId, order: input.order } }, commandId));
    return answer(response, outcome, (state) => formDto(state, formId));
  }

  /** The form's field groups and rules go with it. */
  @Delete(ROUTES.deleteIncidentForm.path)
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') formId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'DeleteIncidentForm', data: { formId } }, commandId))).position);
  }

  @Post(ROUTES.createFieldGroup.path)
  async createFieldGroup(
    @CurrentPrincipal() principal: Principal,
    @Body(settingsBody(FieldGroupRequestSchema, FIELD_GROUP_DETAIL)) input: z.output<typeof FieldGroupRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FieldGroupDto> {
    const { title, content, form, order, display_conditions, form_field_mappings } = input;
    const fieldGroupId = newSettingsEntityId(principal, commandId, 'field_group');
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(
      principal,
      { type: 'CreateFieldGroup', data: { fieldGroupId, title, content, form, order, display_conditions, form_field_mappings } },
      commandId,
    ));
    return answer(response, outcome, (state) => fieldGroupDto(state, fieldGroupId));
  }

  @Put(ROUTES.changeFieldGroup.path)
  async changeFieldGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldGroupId: string,
    @Body(settingsBody(ChangeFieldGroupRequestSchema, FIELD_GROUP_DETAIL)) input: z.output<typeof ChangeFieldGroupRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FieldGroupDto> {
    checkBodyId(input.id, fieldGroupId);
    const { title, content, form, order, display_conditions, form_field_mappings } = input;
    const outcome = await this.commandBus.execute(new ChangeIncidentSettingsCommand(
      principal,
      { type: 'ChangeFieldGroup', data: { fieldGroupId, title, content, form, order, display_conditions, form_field_mappings } },
      commandId,
    ));
    return answer(response, outcome, (state) => fieldGroupDto(state, fieldGroupId));
  }

  @Patch(ROUTES.moveFieldGroup.path)
  async moveFieldGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldGroupId: string,
    @Body(settingsBody(MoveRequestSchema, ORDER_DETAIL)) input: z.output<typeof MoveRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FieldGroupDto> {
    const command = { type: 'MoveFieldGroup' as const, data: { fieldGroupId, order: input.order } };
    return answer(response, await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, command, commandId)), (state) => fieldGroupDto(state, fieldGroupId));
  }

  @Delete(ROUTES.deleteFieldGroup.path)
  @HttpCode(204)
  async deleteFieldGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('id') fieldGroupId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentSettingsCommand(principal, { type: 'DeleteFieldGroup', data: { fieldGroupId } }, commandId))).position);
  }
}
