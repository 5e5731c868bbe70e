import { Inject, Injectable } from '@nestjs/common';
import { customerGroupDecider, customerGroupStream } from '@beacon/domain';
import { CommandExecutor, type Principal } from '@beacon/platform';
import { CustomerGroupAccess } from '../customer-group-access';

export interface IncidentModuleSettingsInput {
  readonly module_name: unknown;
  readonly module_name_plural: unknown;
}

/** Renames the incident module of a customer group the caller reaches (the route admits admins and operators). */
@Injectable()
export class ChangeIncidentModuleSettingsHandler {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute(principal: Principal, customerGroupId: string, input: IncidentModuleSettingsInput, commandId?: string) {
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
