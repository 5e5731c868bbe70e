import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  hasRootPermission,
  MINIMUM_STAFFING_PERMISSION,
  onCallSettingsDecider,
  onCallSettingsStream,
  type OnCallSettingsEvent,
  type OnCallSettingsState,
} from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { OnCallFieldCatalogue } from '../on-call-field-catalogue';
import { ChangeOnCallSettingsCommand } from './change-on-call-settings.command';

/**
 * POST /api/customer_group_on_call_settings/{id}/ (admins and operators with "On Call core platform
 * access", a group in reach, else 404): the keys of on_call_settings sent, and options_staffing whole
 * when sent (a minimum above 0 only where the root group holds "Minimum staffing requirements"). Which
 * named fields and options the group offers is read from the fields' streams.
 */
@CommandHandler(ChangeOnCallSettingsCommand)
export class ChangeOnCallSettingsHandler implements ICommandHandler<ChangeOnCallSettingsCommand, CommandOutcome<OnCallSettingsEvent, OnCallSettingsState>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(OnCallFieldCatalogue) private readonly catalogue: OnCallFieldCatalogue,
  ) {}

  async execute({ principal, customerGroupId, onCallSettings, optionsStaffing, commandId }: ChangeOnCallSettingsCommand) {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    const named = [...(onCallSettings?.display_fields ?? []), ...(onCallSettings?.filter_fields ?? [])];
    const offered = await this.catalogue.offered(
      group,
      named,
      (optionsStaffing ?? []).map(([optionId]) => optionId),
    );
    return this.executor.execute(
      onCallSettingsStream(customerGroupId),
      onCallSettingsDecider,
      {
        type: 'ChangeOnCallSettings',
        data: {
          customerGroupId,
          onCallSettings,
          optionsStaffing,
          offeredFieldIds: offered.fieldIds,
          offeredOptionIds: offered.optionIds,
          staffingAllowed: await this.staffingAllowed(group.rootId),
        },
      },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }

  private async staffingAllowed(rootId: string): Promise<boolean> {
    const root = await this.access.state(rootId);
    return root.status === 'active' && hasRootPermission(root, MINIMUM_STAFFING_PERMISSION);
  }
}
