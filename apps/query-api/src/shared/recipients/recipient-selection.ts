import { Inject, Injectable } from '@nestjs/common';
import type { RecipientsCountRequest } from '@beacon/contracts';
import {
  needsPermission,
  ONE_CRITERION_ONLY,
  TELEPHONY_NEEDS_PHONE_INVOKE,
  TRANSLATIONS,
  unknownDevice,
  unknownValue,
  validationError,
  type FieldDevice,
  type RecipientType,
} from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { onCallUserIdsAt } from '../on-call/on-call-at';
import type { CustomerGroupDocument } from '../read-models/customer-groups.read-model';
import { allOf, anyOf, type Match, type RecipientCriteria, type RecipientFields } from './recipient-count-plan';
import { RecipientsReader, type CountedUsers, type OfferedToMessage } from './recipients-reader';

/** What a message chooses, as the read store asks it. */
export interface ResolvedRecipients {
  readonly group: CustomerGroupDocument;
  readonly counted: CountedUsers;
  readonly criteria: RecipientCriteria;
  /** The devices chosen, in the order sent (every device the group offers when none were sent). */
  readonly devices: readonly FieldDevice[];
  /** Things worth knowing about the criteria (a criterion that matches nobody yet). */
  readonly notes: readonly string[];
}

export type Criterion = RecipientsCountRequest['recipients']['include'][number];
/** What a message's recipient criteria and devices are, as a count request or a message's draft holds them. */
export type RecipientsRequest = Pick<RecipientsCountRequest, 'recipients' | 'devices' | 'customer_group' | 'is_phone_invoke'>;
type RequestedDevice = NonNullable<RecipientsCountRequest['devices']>[number];

/** Values a criterion names that are not the group's are each named, up to this many per criterion; the rest are counted. */
const NAMED_VALUES_MAX = 20;
const TELEPHONY = /^\d{1,20}$/;
const ON_CALL_FEATURE = 'On Call core platform access';

const labelOf = (type: RecipientType) => TRANSLATIONS.recipient_types.find((entry) => entry.value === type)?.label ?? type;

/** The problems of a request, by the builder's error key. */
class Problems {
  readonly fields: Record<string, string[]> = {};

  add(field: 'recipients' | 'devices', message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  /** One message per value that is not the group's, up to NAMED_VALUES_MAX, then how many more. */
  unknownValues(type: RecipientType, values: readonly string[]): void {
    const label = labelOf(type);
    for (const value of values.slice(0, NAMED_VALUES_MAX)) this.add('recipients', unknownValue(label, value));
    const more = values.length - NAMED_VALUES_MAX;
    if (more > 0) this.add('recipients', `${label}: ${more} more values are not ones this customer group has.`);
  }

  check(): void {
    if (Object.keys(this.fields).length) throw validationError('The recipients or devices are not valid.', this.fields);
  }
}

/** What the criteria name that is read once for all of them. */
interface Named {
  readonly users: ReadonlySet<string>;
  readonly groups: ReadonlySet<string>;
  /** Each valid group named, with the groups below it. */
  readonly subtrees: ReadonlyMap<string, readonly string[]>;
  readonly onCall: readonly string[];
  readonly rootPermissions: readonly string[];
}

const unique = (values: Iterable<string>) => [...new Set(values)];
const valuesOf = (criteria: readonly Criterion[], types: readonly RecipientType[]) =>
  unique(criteria.filter((criterion) => types.includes(criterion.recipient_type)).flatMap((criterion) => criterion.recipient_value));

/**
 * A message's recipient criteria resolved against the read models: people (active, receiving messages)
 * of its customer group and the groups below it whom the include criteria choose (all of them or any)
 * and no exclusion removes (all of them or any). A value naming something the message's group does not
 * have answers 400 under `recipients` (a device, under `devices`), never a silent nobody. The count
 * counts what it chooses; the planner of a send pages through it.
 */
@Injectable()
export class RecipientSelection {
  constructor(
    @Inject(RecipientsReader) readonly reader: RecipientsReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async resolve(principal: Principal, request: RecipientsRequest, at: number): Promise<ResolvedRecipients> {
    const group = await this.reader.groups.reachable(principal, request.customer_group ?? principal.customerGroupId);
    const { recipients } = request;
    const exclusions = recipients.is_exclude_recipients ? recipients.exclude : [];
    const all = [...recipients.include, ...exclusions];
    const [offered, counted, scope] = await Promise.all([this.reader.offered(principal, group), this.reader.counted(principal), this.reader.scope(principal, group)]);
    const named = await this.named(principal, group, all, counted, scope, at);

    const problems = new Problems();
    if (recipients.is_single_criteria && recipients.include.length > 1) problems.add('recipients', ONE_CRITERION_ONLY);
    const notes = new Set<string>();
    const resolve = (criterion: Criterion) => this.resolveCriterion(criterion, request, named, offered, counted.fields, problems, notes);
    const include = recipients.include.map(resolve);
    const exclude = exclusions.map(resolve);
    const devices = chosenDevices(request.devices, offered, problems);
    problems.check();

    const deviceFields = unique(devices.map((device) => device.field_id));
    const criteria = { scope, include, includeAll: recipients.is_multiple_criteria_all, exclude, excludeAll: recipients.is_exclude_recipients_all, deviceFields };
    return { group, counted, criteria, devices, notes: [...notes] };
  }

  /** Reads, once for every criterion, the users and groups they name, who is on call, and the organisation's features. */
  private async named(principal: Principal, group: CustomerGroupDocument, criteria: readonly Criterion[], counted: CountedUsers, scope: Match, at: number): Promise<Named> {
    const onCallAsked = criteria.some((criterion) => criterion.recipient_type === 'on_call');
    const [users, groups, onCall, rootPermissions] = await Promise.all([
      this.reader.usersWithin(counted, scope, valuesOf(criteria, ['user'])),
      this.reader.groupsWithin(principal, group._id, valuesOf(criteria, ['group', 'on_call'])),
      onCallAsked ? onCallUserIdsAt(this.readStore, principal, at) : [],
      onCallAsked ? this.reader.rootPermissions(principal) : [],
    ]);
    const subtrees = new Map<string, string[]>([...groups].map((id) => [id, []]));
    for (const found of await this.reader.withDescendants(principal, [...groups])) {
      for (const id of found.path) subtrees.get(id)?.push(found._id);
    }
    return { users, groups, subtrees, onCall, rootPermissions };
  }

  /** What one criterion chooses, once its values are checked against the message's group. */
  private resolveCriterion(criterion: Criterion, request: RecipientsRequest, named: Named, offered: OfferedToMessage, fields: RecipientFields, problems: Problems, notes: Set<string>): Match {
    const type = criterion.recipient_type;
    const values = unique(criterion.recipient_value);
    const inGroups = (ids: readonly string[]): Match => ({ customer_group: { $in: unique(ids.flatMap((id) => named.subtrees.get(id) ?? [])) } });
    switch (type) {
      case 'everyone':
        return true;
      case 'user':
        problems.unknownValues(type, values.filter((id) => !named.users.has(id)));
        return values.length ? { _id: { $in: values } } : false;
      case 'group':
        problems.unknownValues(type, values.filter((id) => !named.groups.has(id)));
        return values.length ? inGroups(values) : false;
      case 'on_call':
        if (!named.rootPermissions.includes(ON_CALL_FEATURE)) problems.add('recipients', needsPermission(ON_CALL_FEATURE));
        problems.unknownValues(type, values.filter((id) => !named.groups.has(id)));
        return named.onCall.length ? allOf([{ _id: { $in: [...named.onCall] } }, values.length ? inGroups(values) : true]) : false;
      case 'select':
      case 'multiselect': {
        const fieldType = type === 'select' ? 'SINGLESELECT' : 'MULTISELECT';
        problems.unknownValues(type, values.filter((id) => offered.options.get(id) !== fieldType));
        return anyOf(values.map((id) => fields.holdsOption(id)));
      }
      case 'telephony_id':
      case 'telephony_pin': {
        const label = labelOf(type);
        if (!request.is_phone_invoke) problems.add('recipients', TELEPHONY_NEEDS_PHONE_INVOKE);
        if (values.some((value) => !TELEPHONY.test(value))) problems.add('recipients', `${label}: 1 to 20 digits.`);
        notes.add(`${label}: users have no ${label} yet, so this criterion matches nobody.`);
        return false;
      }
    }
  }
}

/** The devices asked for, each once in the order sent (each must be one the group offers, as its id says); every device offered when none are sent. */
function chosenDevices(requested: readonly RequestedDevice[] | undefined, offered: OfferedToMessage, problems: Problems): FieldDevice[] {
  if (requested === undefined) return [...offered.devices.values()];
  const chosen = new Map<string, FieldDevice>();
  for (const device of requested) {
    const known = offered.devices.get(device.id);
    if (!known) problems.add('devices', unknownDevice(device.id));
    else if (known.field_id !== device.field_id || known.dispatch_type !== device.dispatch_type) {
      problems.add('devices', `"${device.id}" is the ${known.dispatch_type} device of field ${known.field_id}, not ${device.dispatch_type} of ${device.field_id}.`);
    } else if (!chosen.has(device.id)) chosen.set(device.id, known);
  }
  return [...chosen.values()];
}
