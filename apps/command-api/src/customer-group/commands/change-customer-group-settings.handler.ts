import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, type CustomerGroupEvent, type CustomerGroupState } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeCustomerGroupSettingsCommand } from './change-customer-group-settings.command';

/** PUT /api/customer_group_settings/{id}/ (admins, a group in reach): the settings sent change, the others stay; the decider checks each rule. */
@CommandHandler(ChangeCustomerGroupSettingsCommand)
export class ChangeCustomerGroupSettingsHandler implements ICommandHandler<ChangeCustomerGroupSettingsCommand, CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, customerGroupId, settings, commandId }: ChangeCustomerGroupSettingsCommand): Promise<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    return this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      { type: 'ChangeCustomerGroupSettings', data: { customerGroupId, settings } },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }
}
