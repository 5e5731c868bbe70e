import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, notFound, settingsForChildOf } from '@beacon/domain';
import { CommandExecutor, deterministicId } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { CreateChildCustomerGroupCommand, type ChildCustomerGroupOutcome } from './create-child-customer-group.command';

/**
 * POST /api/customer_group/ (admins): a new group under a parent in the caller's reach (their own
 * group or a descendant; anything else, a deleted group included, answers 404). The new group's id is
 * derived from the command id, so a retried request with the same Idempotency-Key answers the group
 * its first attempt created. It starts with its parent's settings (not its phone numbers) and no root
 * permissions (only a root group holds those; its descendants inherit them).
 */
@CommandHandler(CreateChildCustomerGroupCommand)
export class CreateChildCustomerGroupHandler implements ICommandHandler<CreateChildCustomerGroupCommand, ChildCustomerGroupOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, input, commandId = randomUUID() }: CreateChildCustomerGroupCommand): Promise<ChildCustomerGroupOutcome> {
    const parent = await this.access.reachableGroup(principal, input.parent);
    const customerGroupId = deterministicId(`${parent.rootId}/customer-group/${commandId}`);
    const outcome = await this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      {
        type: 'CreateCustomerGroup',
        data: {
          customerGroupId,
          name: input.name,
          parentId: parent.customerGroupId,
          rootId: parent.rootId,
          ancestorIds: [...parent.ancestorIds, parent.customerGroupId],
          rootPermissions: [],
          settings: { ...settingsForChildOf(parent.settings) },
        },
      },
      { commandId, tenantId: parent.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
    if (outcome.state.status !== 'active') throw notFound();
    const root = await this.access.state(parent.rootId);
    return { position: outcome.position, group: outcome.state, rootPermissions: root.status === 'active' ? root.rootPermissions : [] };
  }
}
