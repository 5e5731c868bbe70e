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
    if (target.status !== 'active' || !this.reaches(principal, target)) throw notFound();
    return target;
  }

  /** Whether the group (active, or deleted where it was) is the caller's own group or one of its descendants. */
  reaches(principal: Principal, target: CustomerGroupState & { status: 'active' | 'deleted' }): boolean {
    if (target.rootId !== principal.rootId) return false;
    return target.customerGroupId === principal.customerGroupId || target.ancestorIds.includes(principal.customerGroupId);
  }

  /**
   * The group as its stream tells it, with its ancestor ids walked up its parents: a group moved under
   * another parent records that on its own stream only, so its descendants' streams still hold the
   * ancestors they were created under.
   */
  async state(customerGroupId: string): Promise<CustomerGroupState> {
    return this.placed(customerGroupId, new Set());
  }

  private async placed(customerGroupId: string, below: ReadonlySet<string>): Promise<CustomerGroupState> {
    const events = await this.executor.readStreamOrEmpty(customerGroupStream(customerGroupId));
    const own = foldEvents(customerGroupDecider, events.map((e) => ({ type: e.type, data: e.data }) as CustomerGroupEvent));
    if (own.status !== 'active' || own.parentId === null || below.has(customerGroupId)) return own;
    const parent = await this.placed(own.parentId, new Set([...below, customerGroupId]));
    if (parent.status !== 'active') return own;
    return { ...own, ancestorIds: [...parent.ancestorIds, parent.customerGroupId] };
  }
}
