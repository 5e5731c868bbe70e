import { Body, HttpCode, Inject, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PatchIncidentRequestSchema, ROUTES, StartIncidentRequestSchema, UpdateIncidentRequestSchema, type IncidentDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { PatchIncidentCommand } from './commands/patch-incident.command';
import { UpdateIncidentCommand } from './commands/update-incident.command';
import type { IncidentSource, StartIncidentInput } from './commands/start-incident.command';
import { IncidentCallers } from './incident-callers';
import type { IncidentOutcome } from './incident-store';
import { StartIncidentCommand } from './commands/start-incident.command';

type Response = Parameters<typeof exposePosition>[0];

/**
 * Starting and changing incidents (spec part 1 §7 "Incidents"). Each call answers the incident as it
 * stands right after the write, and the write's position for read-your-writes.
 */
@CommandController()
export class IncidentsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(IncidentCallers) private readonly callers: IncidentCallers,
  ) {}

  /** POST /api/incidents/incident/start/{form}/: records and starts a new incident from the form. */
  @Post(ROUTES.startIncident.path)
  @HttpCode(201)
  async start(
    @CurrentPrincipal() principal: Principal,
    @Param('id') formId: string,
    @Body(new ZodBodyPipe(StartIncidentRequestSchema)) body: StartIncidentInput,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentDto> {
    return this.startFrom(principal, { formId }, body, commandId, response);
  }

  /** PUT /api/incidents/start_incident_from_template/{template}/ */
  @Put(ROUTES.startIncidentFromTemplate.path)
  async startFromTemplate(
    @CurrentPrincipal() principal: Principal,
    @Param('id') templateId: string,
    @Body(new ZodBodyPipe(StartIncidentRequestSchema)) body: StartIncidentInput,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentDto> {
    return this.startFrom(principal, { templateId }, body, commandId, response);
  }

  /** PUT /api/incidents/incident/{id}/: values, title, ignored field groups, based on `version`. */
  @Put(ROUTES.updateIncident.path)
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') incidentId: string,
    @Body(new ZodBodyPipe(UpdateIncidentRequestSchema)) { version, incident_title, payload, ignored_field_groups }: z.output<typeof UpdateIncidentRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentDto> {
    const outcome = await this.commandBus.execute(new UpdateIncidentCommand(principal, incidentId, { version, incident_title, payload, ignored_field_groups }, commandId));
    return answer(outcome, response);
  }

  /** PATCH /api/incidents/incident/{id}/: state, title or order, based on `version`. */
  @Patch(ROUTES.patchIncident.path)
  async patch(
    @CurrentPrincipal() principal: Principal,
    @Param('id') incidentId: string,
    @Body(new ZodBodyPipe(PatchIncidentRequestSchema)) { version, state, incident_title, order }: z.output<typeof PatchIncidentRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentDto> {
    const outcome = await this.commandBus.execute(new PatchIncidentCommand(principal, incidentId, { version, state, incident_title, order }, commandId));
    return answer(outcome, response);
  }

  private async startFrom(principal: Principal, source: IncidentSource, body: StartIncidentInput, commandId: string | undefined, response: Response) {
    const { incident_title, order, payload, ignored_field_groups } = body;
    const caller = await this.callers.signedIn(principal);
    const outcome = await this.commandBus.execute(new StartIncidentCommand(caller, source, { incident_title, order, payload, ignored_field_groups }, commandId));
    return answer(outcome, response);
  }
}

export function answer(outcome: IncidentOutcome, response: Response): IncidentDto {
  exposePosition(response, outcome.position);
  return outcome.incident;
}
