import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  attachmentKeysOf,
  foldEvents,
  incidentFormSnapshot,
  incidentSettingsDecider,
  incidentSettingsStream,
  incidentTemplateOf,
  notFound,
  type IncidentSettingsEvent,
  type IncidentSettingsState,
  type StartIncident,
} from '@beacon/domain';
import { CommandExecutor, deterministicId } from '@beacon/platform';
import { IncidentStore, type IncidentOutcome } from '../incident-store';
import { RecordedUploads } from '../../shared/uploads/recorded-uploads';
import { StartIncidentCommand } from './start-incident.command';

/** The body of a start (contracts' StartIncidentRequest), unchecked. */
/**
 * Records and starts a new incident from a form or a template of the caller's organisation, with
 * the form's snapshot as the settings stand now. The incident's id derives from the idempotency key
 * when there is one, so a retried start answers the same incident instead of starting a second.
 * Attachments (given or preset by the template) must name files uploaded to the organisation.
 */
@CommandHandler(StartIncidentCommand)
export class StartIncidentHandler implements ICommandHandler<StartIncidentCommand, IncidentOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(IncidentStore) private readonly incidents: IncidentStore,
    @Inject(RecordedUploads) private readonly uploads: RecordedUploads,
  ) {}

  async execute({ caller, source, input, commandId = randomUUID() }: StartIncidentCommand): Promise<IncidentOutcome> {
    const settings = await this.settings(caller.rootId);
    const template = 'templateId' in source ? incidentTemplateOf(settings, source.templateId) : null;
    if ('templateId' in source && !template) throw notFound();
    const form = incidentFormSnapshot(settings, template?.form ?? ('formId' in source ? source.formId : ''));
    if (!form) throw notFound();
    const incidentId = deterministicId(`${caller.rootId}/incident/${commandId}`);
    const noOrder = input.order === undefined || input.order === null || input.order === '';
    const knownUploads = await this.uploads.of(caller.rootId, attachmentKeysOf(input.payload, template?.field_values));
    const command: StartIncident = {
      type: 'StartIncident',
      data: {
        incidentId,
        actor: caller.actor,
        permission: caller.permission,
        moduleName: caller.moduleName,
        at: new Date().toISOString(),
        customerGroupId: caller.customerGroupId,
        groupPath: caller.groupPath,
        form,
        template: template && { id: template.id, incident_title: template.incident_title, field_values: template.field_values },
        defaultOrder: noOrder ? await this.incidents.orderAtTop(caller.rootId, caller.customerGroupId) : 'zzzzz',
        knownUploads,
        title: input.incident_title,
        order: input.order,
        payload: input.payload,
        ignoredFieldGroups: input.ignored_field_groups,
      },
    };
    return this.incidents.execute(incidentId, command, {
      commandId,
      tenantId: caller.rootId,
      customerGroupId: caller.customerGroupId,
      actorUserId: caller.actorUserId,
      acceptedAt: new Date(command.data.at),
    });
  }

  private async settings(rootId: string): Promise<IncidentSettingsState> {
    const events = await this.executor.readStreamOrEmpty(incidentSettingsStream(rootId));
    return foldEvents(incidentSettingsDecider, events.map((event) => ({ type: event.type, data: event.data }) as IncidentSettingsEvent));
  }
}
