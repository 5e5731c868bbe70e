import { Command } from '@nestjs/cqrs';
import type { OnCallSettingsEvent, OnCallSettingsMap, OnCallSettingsState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** Sent on the CommandBus; ChangeOnCallSettingsHandler carries it out (its comment has the rules). */
export class ChangeOnCallSettingsCommand extends Command<CommandOutcome<OnCallSettingsEvent, OnCallSettingsState>> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly onCallSettings: Partial<OnCallSettingsMap> | undefined,
    readonly optionsStaffing: readonly (readonly [string, number])[] | undefined,
    readonly commandId?: string,
  ) {
    super();
  }
}
