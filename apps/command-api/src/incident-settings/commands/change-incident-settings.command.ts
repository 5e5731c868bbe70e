import { Command } from '@nestjs/cqrs';
import type { IncidentSettingsCommand } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { IncidentSettingsOutcome } from '../incident-settings-stream';

/** Any incident settings command (fields, options, forms, field groups, rules) for the caller's organisation. */
export class ChangeIncidentSettingsCommand extends Command<IncidentSettingsOutcome> {
  constructor(
    readonly principal: Principal,
    readonly command: IncidentSettingsCommand,
    readonly commandId?: string,
  ) {
    super();
  }
}
