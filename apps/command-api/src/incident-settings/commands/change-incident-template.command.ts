import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { IncidentSettingsOutcome } from '../incident-settings-stream';
import type { TemplateCommand } from './change-incident-template.handler';

/** Creating, changing or deleting an incident template of the caller's organisation. */
export class ChangeIncidentTemplateCommand extends Command<IncidentSettingsOutcome> {
  constructor(
    readonly principal: Principal,
    readonly given: TemplateCommand,
    readonly commandId?: string,
  ) {
    super();
  }
}
