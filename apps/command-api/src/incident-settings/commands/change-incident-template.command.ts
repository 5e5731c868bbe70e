import { Command } from '@nestjs/cqrs';
import type { IncidentSettingsCommand } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { IncidentSettingsOutcome } from '../incident-settings-stream';

/** Creating, changing or deleting an incident template of the caller's organisation. */
export type TemplateCommand = Extract<IncidentSettingsCommand, { type: 'CreateIncidentTemplate' | 'ChangeIncidentTemplate' | 'DeleteIncidentTemplate' }>;

export class ChangeIncidentTemplateCommand extends Command<IncidentSettingsOutcome> {
  constructor(
    readonly principal: Principal,
    readonly given: TemplateCommand,
    readonly commandId?: string,
  ) {
    super();
  }
}
