import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { attachmentKeysOf, type UpdateIncident } from '@beacon/domain';
import { IncidentStore, type IncidentOutcome } from '../incident-store';
import { RecordedUploads } from '../../shared/uploads/recorded-uploads';
import { IncidentChangeContext } from './incident-change-context';
import { UpdateIncidentCommand } from './update-incident.command';

/**
 * PUT on an incident the caller reaches. Answers the incident as it stands right after the write, or
 * 409 with the current incident when the change clashes with someone else's since its version.
 */
@CommandHandler(UpdateIncidentCommand)
export class UpdateIncidentHandler implements ICommandHandler<UpdateIncidentCommand, IncidentOutcome> {
  constructor(
    @Inject(IncidentStore) private readonly incidents: IncidentStore,
    @Inject(IncidentChangeContext) private readonly changes: IncidentChangeContext,
    @Inject(RecordedUploads) private readonly uploads: RecordedUploads,
  ) {}

  async execute({ principal, incidentId, input, commandId = randomUUID() }: UpdateIncidentCommand): Promise<IncidentOutcome> {
    const { rootId, change, contextFor } = await this.changes.prepare(principal, incidentId, commandId);
    // Attachments must name files uploaded to the incident's organisation (the caller's).
    const knownUploads = await this.uploads.of(rootId, attachmentKeysOf(input.payload));
    const command: UpdateIncident = {
      type: 'UpdateIncident',
      data: {
        ...change,
        knownUploads,
        version: input.version,
        title: input.incident_title,
        payload: input.payload,
        ignoredFieldGroups: input.ignored_field_groups,
      },
    };
    return this.incidents.change(principal, incidentId, (incident) => ({ command, context: contextFor(incident) }));
  }
}
