import { Body, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PublicStartIncidentRequestSchema, ROUTES, type IncidentDto } from '@beacon/contracts';
import { CommandController, CommandId, Public, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { IncidentCallers } from './incident-callers';
import { answer } from './incidents.controller';
import { TemplateSubdomainOwners } from './uploads/template-subdomain-owner';
import { StartIncidentCommand } from './commands/start-incident.command';

type Response = Parameters<typeof exposePosition>[0];

/**
 * The public incident template page (/incident-template): a guest starts an incident from the
 * template its subdomain selects. The incident belongs to the template's organisation (its root
 * customer group), started by nobody ("Public incident template").
 */
@CommandController()
export class PublicIncidentTemplateController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
        @Inject(IncidentCallers) private readonly callers: IncidentCallers,
    @Inject(TemplateSubdomainOwners) private readonly subdomains: TemplateSubdomainOwners,
  ) {}

  /** POST /api/incidents/public_incident_template/{subdomain}/start/ */
  @Public()
  @Post(ROUTES.startPublicIncidentFromTemplate.path)
  @HttpCode(201)
  async start(
    @Param('subdomain') subdomain: string,
    @Body(new ZodBodyPipe(PublicStartIncidentRequestSchema)) { incident_title, payload, ignored_field_groups }: z.output<typeof PublicStartIncidentRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentDto> {
    const owner = await this.subdomains.owner(subdomain);
    const caller = await this.callers.guest(owner.rootId);
    const outcome = await this.commandBus.execute(new StartIncidentCommand(caller, { templateId: owner.templateId }, { incident_title, payload, ignored_field_groups }, commandId));
    return answer(outcome, response);
  }
}
