import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeIncidentTemplateRequestSchema, CreateIncidentTemplateRequestSchema, ROUTES, type IncidentTemplateDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { answer, templateDto, type Response } from './incident-settings.answers';
import { TEMPLATE_DETAIL } from './request-body';
import { ChangeIncidentTemplateCommand } from './commands/change-incident-template.command';
import { newSettingsEntityId } from './incident-settings-stream';

/** The template's values come wrapped as the spec wraps them (`data` on create, `incident_template` on change); messages name their own fields. */
const templateBody = <T extends z.ZodType>(schema: T, fieldsOf: 'data' | 'incident_template') => new ZodBodyPipe(schema, { detail: TEMPLATE_DETAIL, fieldsOf });

/** Incident templates (spec part 1 §7 "Incident templates"); answers carry is_open false. */
@CommandController()
export class IncidentTemplatesController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  /** Body {data: {name, form, incident_title, subdomain, template_branding, field_values}}. */
  @Post(ROUTES.createIncidentTemplate.path)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(templateBody(CreateIncidentTemplateRequestSchema, 'data')) { data: template }: z.output<typeof CreateIncidentTemplateRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentTemplateDto> {
    const templateId = newSettingsEntityId(principal, commandId, 'template');
    const outcome = await this.commandBus.execute(new ChangeIncidentTemplateCommand(principal, { type: 'CreateIncidentTemplate', data: { templateId, template } }, commandId));
    return answer(response, outcome, (state) => templateDto(state, templateId));
  }

  /** Body {incident_template: {...}}; values left out keep what the template has. */
  @Put(ROUTES.changeIncidentTemplate.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('id') templateId: string,
    @Body(templateBody(ChangeIncidentTemplateRequestSchema, 'incident_template')) { incident_template: template }: z.output<typeof ChangeIncidentTemplateRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentTemplateDto> {
    const outcome = await this.commandBus.execute(new ChangeIncidentTemplateCommand(principal, { type: 'ChangeIncidentTemplate', data: { templateId, template } }, commandId));
    return answer(response, outcome, (state) => templateDto(state, templateId));
  }

  @Delete(ROUTES.deleteIncidentTemplate.path)
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') templateId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, (await this.commandBus.execute(new ChangeIncidentTemplateCommand(principal, { type: 'DeleteIncidentTemplate', data: { templateId } }, commandId))).position);
  }
}
