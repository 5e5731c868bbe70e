import { Inject, Injectable } from '@nestjs/common';
import { customerGroupDecider, customerGroupStream, foldEvents, notFound, type CustomerGroupEvent, type CustomerGroupState } from '@beacon/domain';
import { CommandExecutor, type Principal } from '@beacon/platform';

/**
 * Tenant isolation on the write side: a user reaches their own customer group and its
 * descendants only; anything else answers 404 so ids of other tenants reveal nothing.
 */
@Injectable()
export class CustomerGroupAccess {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async reachableGroup(principal: Principal, customerGroupId: string): Promise<CustomerGroupState & { status: 'active' }> {
    const target = await this.state(customerGroupId);
    if (target.status !== 'active' || target.rootId !== principal.rootId) throw notFound();
    const reachable = target.customerGroupId === principal.customerGroupId || target.ancestorIds.includes(principal.customerGroupId);
    if (!reachable) throw notFound();
    return target;
  }

  async state(customerGroupId: string): Promise<CustomerGroupState> {
    const events = await this.executor.readStreamOrEmpty(customerGroupStream(customerGroupId));
    return foldEvents(customerGroupDecider, events.map((e) => ({ type: e.type, data: e.data }) as CustomerGroupEvent));
  }
}
