import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from './read-models/customer-groups.read-model';

/** Reads customer groups within the caller's reach: their own group and its descendants. */
@Injectable()
export class CustomerGroupReader {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The group, or 404 when it is outside the caller's reach (another tenant's ids reveal nothing). */
  async reachable(principal: Principal, customerGroupId: string): Promise<CustomerGroupDocument> {
    const group = await this.groups(principal).findOne({ _id: customerGroupId, path: principal.customerGroupId });
    if (!group) throw notFound();
    return group;
  }

  /** The ids of the caller's group and its descendants. */
  async reachableIds(principal: Principal): Promise<string[]> {
    const groups = await this.groups(principal).find({ path: principal.customerGroupId }, { projection: { _id: 1 } });
    return groups.map((group) => group._id);
  }

  /** The ids of a group and its descendants (the group's reach is the caller's to check). */
  async subtreeIds(principal: Principal, customerGroupId: string): Promise<string[]> {
    const groups = await this.groups(principal).find({ path: customerGroupId }, { projection: { _id: 1 } });
    return groups.map((group) => group._id);
  }

  /** The caller's group and its descendants, parents first, then by name. */
  async inReach(principal: Principal): Promise<CustomerGroupDocument[]> {
    const groups = await this.groups(principal).find({ path: principal.customerGroupId });
    return groups.sort((a, b) => a.path.length - b.path.length || a.name.localeCompare(b.name));
  }

  async root(principal: Principal): Promise<CustomerGroupDocument | null> {
    return this.groups(principal).findOne({ _id: principal.rootId });
  }

  private groups(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<CustomerGroupDocument>(CUSTOMER_GROUPS);
  }
}
