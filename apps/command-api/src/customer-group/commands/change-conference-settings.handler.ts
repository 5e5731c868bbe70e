import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, type CustomerGroupEvent, type CustomerGroupState } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeConferenceSettingsCommand } from './change-conference-settings.command';

/** PUT /api/customer_group_conference_settings/{id}/ (admins, a group in reach). */
@CommandHandler(ChangeConferenceSettingsCommand)
export class ChangeConferenceSettingsHandler implements ICommandHandler<ChangeConferenceSettingsCommand, CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, customerGroupId, conference, commandId }: ChangeConferenceSettingsCommand): Promise<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    return this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      { type: 'ChangeConferenceSettings', data: { customerGroupId, conference } },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }
}
