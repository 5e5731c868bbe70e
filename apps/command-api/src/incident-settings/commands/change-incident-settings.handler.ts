import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IncidentSettingsStream, type IncidentSettingsOutcome } from '../incident-settings-stream';
import { ChangeIncidentSettingsCommand } from './change-incident-settings.command';

/**
 * Runs any incident settings command against the caller's organisation (its root customer group).
 * Every settings command is the same load-decide-append on the same stream and differs only in its
 * decide function, so one handler serves them all; the controllers name the command and turn the
 * resulting state into the answer.
 */
@CommandHandler(ChangeIncidentSettingsCommand)
export class ChangeIncidentSettingsHandler implements ICommandHandler<ChangeIncidentSettingsCommand, IncidentSettingsOutcome> {
  constructor(@Inject(IncidentSettingsStream) private readonly settings: IncidentSettingsStream) {}

  execute({ principal, command, commandId }: ChangeIncidentSettingsCommand): Promise<IncidentSettingsOutcome> {
    return this.settings.run(principal, command, commandId ?? randomUUID());
  }
}
