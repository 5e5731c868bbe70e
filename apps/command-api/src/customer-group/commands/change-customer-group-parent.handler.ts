import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, notFound } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { CustomerGroupContents } from '../customer-group-contents';
import { ChangeCustomerGroupParentCommand, type CustomerGroupParentOutcome } from './change-customer-group-parent.command';

/**
 * PUT /api/customer_group/{id}/ with `parent` (admins): moves a group in the caller's reach, with its
 * subtree, under another group in reach (a parent outside it answers 404). The decider refuses the
 * root group and a parent that is the group itself or one of its descendants (400 on `parent`). The
 * new parent's ancestors are walked up the write side's streams; the subtree to re-place comes from
 * the customer groups read model once it has caught up, so a group created just before moves too.
 */
@CommandHandler(ChangeCustomerGroupParentCommand)
export class ChangeCustomerGroupParentHandler implements ICommandHandler<ChangeCustomerGroupParentCommand, CustomerGroupParentOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(CustomerGroupContents) private readonly contents: CustomerGroupContents,
  ) {}

  async execute({ principal, customerGroupId, parentId, commandId = randomUUID() }: ChangeCustomerGroupParentCommand): Promise<CustomerGroupParentOutcome> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    const parent = await this.access.reachableGroup(principal, parentId);
    const descendants = await this.contents.descendantsOf(group.rootId, customerGroupId);
    const outcome = await this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      {
        type: 'ChangeCustomerGroupParent',
        data: { customerGroupId, parentId, parentName: parent.name, parentAncestorIds: [...parent.ancestorIds], descendants },
      },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
    if (outcome.state.status !== 'active') throw notFound();
    return { position: outcome.position, group: outcome.state };
  }
}
