import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PatchIncident } from '@beacon/domain';
import { IncidentStore, type IncidentOutcome } from '../incident-store';
import { IncidentChangeContext } from './incident-change-context';
import { PatchIncidentCommand } from './patch-incident.command';

/** PATCH on an incident the caller reaches: answers as PUT does (the incident after the write, or 409). */
@CommandHandler(PatchIncidentCommand)
export class PatchIncidentHandler implements ICommandHandler<PatchIncidentCommand, IncidentOutcome> {
  constructor(
    @Inject(IncidentStore) private readonly incidents: IncidentStore,
    @Inject(IncidentChangeContext) private readonly changes: IncidentChangeContext,
  ) {}

  async execute({ principal, incidentId, input, commandId = randomUUID() }: PatchIncidentCommand): Promise<IncidentOutcome> {
    const { change, contextFor } = await this.changes.prepare(principal, incidentId, commandId);
    const command: PatchIncident = {
      type: 'PatchIncident',
      data: { ...change, version: input.version, state: input.state, title: input.incident_title, order: input.order },
    };
    return this.incidents.change(principal, incidentId, (incident) => ({ command, context: contextFor(incident) }));
  }
}
