import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, validationError } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { CreateCustomerGroupCommand, type NewCustomerGroup } from './create-customer-group.command';

@CommandHandler(CreateCustomerGroupCommand)
export class CreateCustomerGroupHandler implements ICommandHandler<CreateCustomerGroupCommand, number> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ group, context }: CreateCustomerGroupCommand): Promise<number> {
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
