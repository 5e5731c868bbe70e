import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  brandLoginDecider,
  brandLoginStream,
  customerGroupDecider,
  customerGroupStream,
  type ChangeCustomerGroupDetails,
  type CustomerGroupDetailsChanged,
  type CustomerGroupEvent,
  type CustomerGroupState,
} from '@beacon/domain';
import { CommandExecutor, type CommandContext } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeCustomerGroupDetailsCommand, type CustomerGroupDetailsOutcome } from './change-customer-group-details.command';

const detailsChange = (events: readonly CustomerGroupEvent[]) =>
  events.find((event): event is CustomerGroupDetailsChanged => event.type === 'CustomerGroupDetailsChanged')?.data;

/**
 * PUT /api/customer_group/{id}/ (admins, a group in reach). A new brand login URL is claimed on its
 * own stream before the group records it, so two groups can never hold the same one; the URL a group
 * gives up is released afterwards, unless the group holds it again by then. A claim whose group
 * change then fails is released again. Brand-stream commands are idempotent by themselves (the holder
 * claiming again or a non-holder releasing records nothing), so they do not reuse the idempotency key.
 */
@CommandHandler(ChangeCustomerGroupDetailsCommand)
export class ChangeCustomerGroupDetailsHandler implements ICommandHandler<ChangeCustomerGroupDetailsCommand, CustomerGroupDetailsOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, customerGroupId, input, commandId = randomUUID() }: ChangeCustomerGroupDetailsCommand): Promise<CustomerGroupDetailsOutcome> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    const command: ChangeCustomerGroupDetails = {
      type: 'ChangeCustomerGroupDetails',
      data: {
        customerGroupId,
        name: input.name,
        shouldUseAutologout: input.should_use_autologout,
        brandLoginUrl: input.brand_login_url,
      },
    };
    const context: CommandContext = {
      commandId,
      tenantId: group.rootId,
      customerGroupId,
      actorUserId: principal.userId,
      acceptedAt: new Date(),
    };
    // Validates the input (400 before anything is claimed) and tells whether the brand changes.
    const claiming = detailsChange(customerGroupDecider.decide(command, group))?.brandLoginUrl || null;
    let position = 0;
    if (claiming) position = await this.brand(claiming, 'ClaimBrandLogin', group, context);
    let changed: CustomerGroupDetailsChanged['data'] | undefined;
    try {
      const outcome = await this.executor.execute(customerGroupStream(customerGroupId), customerGroupDecider, command, context);
      position = Math.max(position, outcome.position);
      changed = detailsChange(outcome.events);
    } catch (error) {
      if (claiming) await this.releaseUnlessUsed(claiming, group, context);
      throw error;
    }
    // A concurrent change may have made the claim unnecessary.
    if (claiming && changed?.brandLoginUrl !== claiming) position = Math.max(position, await this.releaseUnlessUsed(claiming, group, context));
    if (changed?.previousBrandLoginUrl) position = Math.max(position, await this.releaseUnlessUsed(changed.previousBrandLoginUrl, group, context));
    const current = await this.access.state(customerGroupId);
    return { position, group: current.status === 'active' ? current : group };
  }

  private async releaseUnlessUsed(brand: string, group: CustomerGroupState & { status: 'active' }, context: CommandContext): Promise<number> {
    const current = await this.access.state(group.customerGroupId);
    if (current.status === 'active' && current.brandLoginUrl === brand) return 0;
    return this.brand(brand, 'ReleaseBrandLogin', group, context);
  }

  private async brand(
    brand: string,
    type: 'ClaimBrandLogin' | 'ReleaseBrandLogin',
    group: CustomerGroupState & { status: 'active' },
    context: CommandContext,
  ): Promise<number> {
    const outcome = await this.executor.execute(
      brandLoginStream(brand),
      brandLoginDecider,
      { type, data: { brand, customerGroupId: group.customerGroupId, rootId: group.rootId } },
      { ...context, commandId: undefined, causationId: context.commandId, correlationId: context.commandId },
    );
    return outcome.position;
  }
}
