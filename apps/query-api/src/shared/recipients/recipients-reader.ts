import { Inject, Injectable } from '@nestjs/common';
import { deviceId, excludedOptionIdsFor, fieldDevices, isSelectFieldType, type ContactFieldType, type FieldDevice } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { Collection, Document, ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../customer-group-reader';
import { CONTACT_FIELDS, exclusionsOf, fieldsOfGroups, type ContactFieldDocument } from '../read-models/contact-fields.read-model';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../read-models/customer-groups.read-model';
import { USER_RECIPIENT_KEYS, USERS } from '../read-models/users.read-model';
import { allOf, filterOf, type Match, type RecipientFields } from './recipient-count-plan';
import { RECIPIENT_KEY_FIELDS, USER_RECIPIENT_FIELDS } from './recipient-fields';

/** What a message's group offers its criteria and devices: its select options (with their field's type) and its devices by id. */
export interface OfferedToMessage {
  readonly options: ReadonlyMap<string, ContactFieldType>;
  readonly devices: ReadonlyMap<string, FieldDevice>;
}

/** The documents a recipient count reads, and how they hold what it tests. */
export interface CountedUsers {
  readonly collection: Collection<Document>;
  readonly fields: RecipientFields;
}

/** The read models a message's recipient criteria are resolved against. */
@Injectable()
export class RecipientsReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) readonly groups: CustomerGroupReader,
  ) {}

  /**
   * The users' recipient keys; or their own documents while there are fewer keys than users (a read
   * model from before the keys, not yet rebuilt): slower, never wrong. Both counts come from the
   * store's counts table.
   */
  async counted(principal: Principal): Promise<CountedUsers> {
    const scope = this.readStore.scope(principal.rootId);
    const keys = scope.collection(USER_RECIPIENT_KEYS);
    const users = scope.collection(USERS);
    const [keyed, all] = await Promise.all([keys.count({}), users.count({})]);
    return keyed >= all ? { collection: keys, fields: RECIPIENT_KEY_FIELDS } : { collection: users, fields: USER_RECIPIENT_FIELDS };
  }

  /** The message's group and its descendants: everyone for the root (no list of groups to test). */
  async scope(principal: Principal, group: CustomerGroupDocument): Promise<Match> {
    if (group._id === principal.rootId) return true;
    return { customer_group: { $in: await this.groups.subtreeIds(principal, group._id) } };
  }

  /**
   * The select options the group offers (those of the select fields defined in its path, less the
   * options excluded there) and the devices of the fields of its path, in the fields list's order.
   */
  async offered(principal: Principal, group: CustomerGroupDocument): Promise<OfferedToMessage> {
    const { filter, options } = fieldsOfGroups(group.path);
    const fields = await this.readStore.scope(principal.rootId).collection<ContactFieldDocument>(CONTACT_FIELDS).find(filter, options);
    const offeredOptions = new Map<string, ContactFieldType>();
    const devices = new Map<string, FieldDevice>();
    for (const field of fields) {
      const type = field.field_type as ContactFieldType;
      if (isSelectFieldType(type)) {
        const excluded = excludedOptionIdsFor(exclusionsOf(field), group.path);
        for (const option of field.options) if (!excluded.has(option.id)) offeredOptions.set(option.id, type);
      }
      for (const device of fieldDevices({ id: field.id, label: field.label, field_type: type })) devices.set(deviceId(device.field_id, device.dispatch_type), device);
    }
    return { options: offeredOptions, devices };
  }

  /** Of the user ids, those of people in the message's groups now: another organisation's, or another group's, are not. */
  async usersWithin(counted: CountedUsers, scope: Match, ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (!ids.length) return new Set();
    const filter = filterOf(allOf([scope, { _id: { $in: [...ids] } }]));
    if ((await counted.collection.count(filter)) === ids.length) return new Set(ids);
    return new Set((await counted.collection.find(filter, { projection: { _id: 1 } })).map((user) => user._id));
  }

  /** Of the customer group ids, those of `within` and the groups below it. */
  async groupsWithin(principal: Principal, within: string, ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (!ids.length) return new Set();
    const found = await this.customerGroups(principal).find({ _id: { $in: [...ids] }, path: within }, { projection: { _id: 1 } });
    return new Set(found.map((group) => group._id));
  }

  /** The groups `ids` name and every group below them, each with its path (which tells which of `ids` it is under). */
  async withDescendants(principal: Principal, ids: readonly string[]): Promise<{ _id: string; path: string[] }[]> {
    if (!ids.length) return [];
    return this.customerGroups(principal).find({ path: { $in: [...ids] } }, { projection: { _id: 1, path: 1 } });
  }

  async rootPermissions(principal: Principal): Promise<readonly string[]> {
    return (await this.groups.root(principal))?.root_customer_group_permissions ?? [];
  }

  private customerGroups(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<CustomerGroupDocument>(CUSTOMER_GROUPS);
  }
}
