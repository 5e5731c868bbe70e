import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, type CustomerGroupEvent } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeIncidentModuleSettingsCommand } from './change-incident-module-settings.command';

/** Renames the incident module of a customer group the caller reaches (the route admits admins and operators). */
@CommandHandler(ChangeIncidentModuleSettingsCommand)
export class ChangeIncidentModuleSettingsHandler implements ICommandHandler<ChangeIncidentModuleSettingsCommand, CommandOutcome<CustomerGroupEvent>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, customerGroupId, input, commandId }: ChangeIncidentModuleSettingsCommand): Promise<CommandOutcome<CustomerGroupEvent>> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    return this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      {
        type: 'ChangeIncidentModuleSettings',
        data: { customerGroupId, moduleName: input.module_name, moduleNamePlural: input.module_name_plural },
      },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }
}
