import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES, type IncidentTemplateDto } from '@beacon/contracts';
import { NOT_AN_OBJECT, REQUIRED, validationError } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { answer, templateDto, type Response } from './incident-settings.answers';
import { bodyOf } from './request-body';
import { ChangeIncidentTemplateCommand } from './commands/change-incident-template.command';
import { newSettingsEntityId } from './incident-settings-stream';

/** The template's values, wrapped as the spec wraps them (`data` on create, `incident_template` on change). */
function wrapped(body: unknown, key: 'data' | 'incident_template'): Record<string, unknown> {
  const inner = bodyOf(body)[key];
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
    throw validationError('Invalid incident template.', { [key]: [inner === undefined ? REQUIRED : NOT_AN_OBJECT] });
  return inner as Record<string, unknown>;
}

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
    @Body() body: unknown,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentTemplateDto> {
    const template = wrapped(body, 'data');
    const templateId = newSettingsEntityId(principal, commandId, 'template');
    const outcome = await this.commandBus.execute(new ChangeIncidentTemplateCommand(principal, { type: 'CreateIncidentTemplate', data: { templateId, template } }, commandId));
    return answer(response, outcome, (state) => templateDto(state, templateId));
  }

  /** Body {incident_template: {...}}; values left out keep what the template has. */
  @Put(ROUTES.changeIncidentTemplate.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Param('id') templateId: string,
    @Body() body: unknown,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentTemplateDto> {
    const template = wrapped(body, 'incident_template');
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
