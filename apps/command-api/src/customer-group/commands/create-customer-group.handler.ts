import { Inject, Injectable } from '@nestjs/common';
import { customerGroupDecider, customerGroupStream, validationError, type CreateCustomerGroup } from '@beacon/domain';
import { CommandExecutor, type CommandContext } from '@beacon/platform';
import { CustomerGroupAccess } from '../customer-group-access';

export type NewCustomerGroup = Omit<CreateCustomerGroup['data'], 'ancestorIds'>;

@Injectable()
export class CreateCustomerGroupHandler {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute(group: NewCustomerGroup, context: CommandContext): Promise<number> {
    const outcome = await this.executor.execute(
      customerGroupStream(group.customerGroupId),
      customerGroupDecider,
      { type: 'CreateCustomerGroup', data: { ...group, ancestorIds: await this.ancestorIds(group) } },
      context,
    );
    return outcome.position;
  }

  private async ancestorIds(group: NewCustomerGroup): Promise<string[]> {
    if (!group.parentId) return [];
    const parent = await this.access.state(group.parentId);
    if (parent.status !== 'active' || parent.rootId !== group.rootId)
      throw validationError('Unknown parent customer group.', { parent: ['Invalid pk - object does not exist.'] });
    return [...parent.ancestorIds, parent.customerGroupId];
  }
}
