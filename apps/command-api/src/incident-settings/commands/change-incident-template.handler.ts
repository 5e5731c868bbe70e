import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  attachmentKeysOf,
  incidentSettingsDecider,
  templateSubdomainDecider,
  templateSubdomainStream,
  type IncidentSettingsEvent,
  type IncidentSettingsState,
} from '@beacon/domain';
import { CommandExecutor, type CommandContext, type Principal } from '@beacon/platform';
import { RecordedUploads } from '../../shared/uploads/recorded-uploads';
import { IncidentSettingsStream, type IncidentSettingsOutcome } from '../incident-settings-stream';
import { ChangeIncidentTemplateCommand, type TemplateCommand } from './change-incident-template.command';

/** The subdomain a template holds after these events ('' for none), and the one it gave up. */
function subdomainsOf(events: readonly IncidentSettingsEvent[]): { holds: string; gaveUp: string } {
  for (const event of events) {
    if (event.type === 'IncidentTemplateCreated') return { holds: event.data.template.subdomain, gaveUp: '' };
    if (event.type === 'IncidentTemplateChanged')
      return {
        holds: event.data.template.subdomain,
        gaveUp: event.data.previousSubdomain !== event.data.template.subdomain ? event.data.previousSubdomain : '',
      };
    if (event.type === 'IncidentTemplateDeleted') return { holds: '', gaveUp: event.data.subdomain };
  }
  return { holds: '', gaveUp: '' };
}

/**
 * POST, PUT and DELETE of incident templates. A subdomain selects a template platform-wide, so a new
 * one is claimed on its own stream before the template records it (two organisations can never hold
 * the same one); the one a template gives up, or held when deleted, is released afterwards unless the
 * template holds it again by then. A claim whose template change then fails is released again.
 * Subdomain-stream commands are idempotent by themselves (the holder claiming again or a non-holder
 * releasing records nothing), so they do not reuse the idempotency key. Preset attachments must name
 * files uploaded to the organisation: their upload records go with the command.
 */
@CommandHandler(ChangeIncidentTemplateCommand)
export class ChangeIncidentTemplateHandler implements ICommandHandler<ChangeIncidentTemplateCommand, IncidentSettingsOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(IncidentSettingsStream) private readonly settings: IncidentSettingsStream,
    @Inject(RecordedUploads) private readonly uploads: RecordedUploads,
  ) {}

  async execute({ principal, given, commandId = randomUUID() }: ChangeIncidentTemplateCommand): Promise<IncidentSettingsOutcome> {
    const command = await this.withKnownUploads(principal, given);
    const templateId = command.data.templateId;
    const context = this.settings.context(principal, commandId);
    // Validates the input (400 before anything is claimed) and tells whether a subdomain is taken up.
    const before = await this.settings.state(principal.rootId);
    const claiming = command.type === 'DeleteIncidentTemplate' ? '' : subdomainsOf(incidentSettingsDecider.decide(command, before)).holds;
    let position = 0;
    if (claiming) position = await this.subdomain('ClaimTemplateSubdomain', claiming, principal, templateId, context);
    let outcome: IncidentSettingsOutcome;
    try {
      outcome = await this.settings.run(principal, command, commandId);
    } catch (error) {
      if (claiming) await this.releaseUnlessHeld(claiming, principal, templateId, context, await this.settings.state(principal.rootId));
      throw error;
    }
    position = Math.max(position, outcome.position);
    const { holds, gaveUp } = subdomainsOf(outcome.events);
    // A concurrent change may have made the claim unnecessary.
    if (claiming && holds !== claiming)
      position = Math.max(position, await this.releaseUnlessHeld(claiming, principal, templateId, context, outcome.state));
    if (gaveUp) position = Math.max(position, await this.releaseUnlessHeld(gaveUp, principal, templateId, context, outcome.state));
    return { ...outcome, position };
  }

  /** A create or change, with the upload records of the attachment keys its preset values name. */
  private async withKnownUploads(principal: Principal, command: TemplateCommand): Promise<TemplateCommand> {
    if (command.type === 'DeleteIncidentTemplate') return command;
    const knownUploads = await this.uploads.of(principal.rootId, attachmentKeysOf(command.data.template.field_values));
    return { ...command, data: { ...command.data, knownUploads } };
  }

  private async releaseUnlessHeld(
    subdomain: string,
    principal: Principal,
    templateId: string,
    context: CommandContext,
    state: IncidentSettingsState,
  ): Promise<number> {
    if (state.templates.get(templateId)?.subdomain === subdomain) return 0;
    return this.subdomain('ReleaseTemplateSubdomain', subdomain, principal, templateId, context);
  }

  private async subdomain(
    type: 'ClaimTemplateSubdomain' | 'ReleaseTemplateSubdomain',
    subdomain: string,
    principal: Principal,
    templateId: string,
    context: CommandContext,
  ): Promise<number> {
    const outcome = await this.executor.execute(
      templateSubdomainStream(subdomain),
      templateSubdomainDecider,
      { type, data: { subdomain, rootId: principal.rootId, templateId } },
      { ...context, commandId: undefined, causationId: context.commandId, correlationId: context.commandId },
    );
    return outcome.position;
  }
}
