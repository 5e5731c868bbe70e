import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, notFound } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { CustomerGroupContents } from '../customer-group-contents';
import { DeleteCustomerGroupCommand } from './delete-customer-group.command';

/**
 * DELETE /api/customer_group/{id}/ (admins, a group in reach; anything else answers 404). The decider
 * refuses the root group and a group that still has child groups, users or contact fields, counted from the
 * read models once they have caught up (CustomerGroupContents).
 */
@CommandHandler(DeleteCustomerGroupCommand)
export class DeleteCustomerGroupHandler implements ICommandHandler<DeleteCustomerGroupCommand, number> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(CustomerGroupContents) private readonly contents: CustomerGroupContents,
  ) {}

  async execute({ principal, customerGroupId, commandId }: DeleteCustomerGroupCommand): Promise<number> {
    const group = await this.access.state(customerGroupId);
    if (group.status === 'absent' || !this.access.reaches(principal, group)) throw notFound();
    // A deleted group is let through so that a retry with the same Idempotency-Key answers as the first
    // attempt did; any other delete of it is refused by the decider (404).
    const counts = group.status === 'active' ? await this.contents.of(group.rootId, customerGroupId) : { childGroupCount: 0, userCount: 0, fieldCount: 0 };
    const outcome = await this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      { type: 'DeleteCustomerGroup', data: { customerGroupId, ...counts } },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
    return outcome.position;
  }
}
