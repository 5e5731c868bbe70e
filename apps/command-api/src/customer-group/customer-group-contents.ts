import { Inject, Injectable } from '@nestjs/common';
import { READ_MODEL_PROJECTIONS, READ_MODELS } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ReadModelsCaughtUp } from '../shared/read-models-caught-up';

const STILL_BEHIND = 'The customer groups and users are still being brought up to date. Try again in a moment.';

/** A descendant as the read model places it: its ids from the root down to its parent. */
export interface PlacedDescendant {
  readonly customerGroupId: string;
  readonly ancestorIds: string[];
}

export interface CustomerGroupContentCounts {
  readonly childGroupCount: number;
  readonly userCount: number;
  /** Contact fields defined in the group itself (those of its ancestors only apply to it). */
  readonly fieldCount: number;
}

/**
 * What a customer group holds (child groups, users, contact fields, descendants, users below), from the read models, once their projections
 * have caught up with everything appended before the question was asked (bounded by
 * READ_POSITION_WAIT_MS, then 409): what a caller created just before is always counted.
 */
@Injectable()
export class CustomerGroupContents {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(ReadModelsCaughtUp) private readonly readModels: ReadModelsCaughtUp,
  ) {}

  async of(rootId: string, customerGroupId: string): Promise<CustomerGroupContentCounts> {
    await this.caughtUp();
    const scope = this.readStore.scope(rootId);
    const [childGroupCount, userCount, fieldCount] = await Promise.all([
      scope.collection(READ_MODELS.customerGroups).count({ parent: customerGroupId }),
      scope.collection(READ_MODELS.users).count({ customer_group: customerGroupId }),
      scope.collection(READ_MODELS.contactFields).count({ customer_group: customerGroupId }),
    ]);
    return { childGroupCount, userCount, fieldCount };
  }

  /** The group's descendants at any depth, once the customer groups read model has caught up. */
  async descendantsOf(rootId: string, customerGroupId: string): Promise<PlacedDescendant[]> {
    await this.caughtUp();
    const groups = await this.readStore
      .scope(rootId)
      .collection<{ _id: string; path: string[] }>(READ_MODELS.customerGroups)
      .find({ path: customerGroupId }, { projection: { _id: 1, path: 1 } });
    return groups
      .filter((group) => group._id !== customerGroupId)
      .map((group) => ({ customerGroupId: group._id, ancestorIds: group.path.slice(0, -1) }));
  }

  /** The ids of the users of the group and of its descendants: whom its audit reports may go to. */
  async userIdsBelow(rootId: string, customerGroupId: string): Promise<string[]> {
    await this.caughtUp();
    const scope = this.readStore.scope(rootId);
    const groups = await scope.collection(READ_MODELS.customerGroups).find({ path: customerGroupId }, { projection: { _id: 1 } });
    const users = await scope.collection(READ_MODELS.users).find({ customer_group: { $in: groups.map((group) => group._id) } }, { projection: { _id: 1 } });
    return users.map((user) => user._id);
  }

  private caughtUp(): Promise<void> {
    return this.readModels.with(Object.values(READ_MODEL_PROJECTIONS), STILL_BEHIND);
  }
}
