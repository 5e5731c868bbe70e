import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CustomerGroupFieldsQuerySchema, type CustomerGroupFieldDto, type OnCallDataFieldDto, type OnCallPeriodDto } from '@beacon/contracts';
import { DEFAULT_TIMEZONE, isIanaTimeZone, isoInstant, isOnCallDataFieldType, isSelectFieldType, notFound, ownValue, periodSpan, type TimeSpan } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { Filter, ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../shared/customer-group-reader';
import { CustomerGroupFieldsQuery } from '../shared/queries/customer-group-fields.query';
import type { CustomerGroupDocument } from '../shared/read-models/customer-groups.read-model';
import { USERS, type UserDocument } from '../shared/read-models/users.read-model';
import {
  ON_CALL_PERIODS,
  ON_CALL_SETTINGS,
  overlapping,
  type OnCallPeriodDocument,
  type OnCallSettingsDocument,
} from '../shared/read-models/on-call.read-model';

/** Who may be put on call, and who counts as on call: users who are active and receive messages (documents from before the flags existed are both). */
export const ASSIGNABLE: Filter = { is_active: { $ne: false }, is_message_recipient: { $ne: false } };

/** The users of the groups, assignable ones only. */
export const assignableIn = (groupIds: readonly string[]): Filter => ({ customer_group: { $in: [...groupIds] }, ...ASSIGNABLE });

/** The user list's order: last name, first name, id. */
export const BY_NAME = { last_name_key: 1, first_name_key: 1, _id: 1 } as const;

export const periodAnswer = (period: OnCallPeriodDocument): OnCallPeriodDto => ({
  on_call_period_id: period._id,
  start_date: period.start_date,
  end_date: period.end_date,
});

/** A minimum whose option the group still offers, with the labels a reader needs. */
export interface StaffingEntry {
  readonly option: string;
  readonly value: number;
  readonly option_label: string;
  readonly field: string;
  readonly field_label: string;
}

/** The group's on-call settings as they apply now: fields and options that are gone or no longer offered are left out. */
export interface GroupOnCallSettings {
  readonly group: CustomerGroupDocument;
  readonly fields: OnCallDataFieldDto[];
  readonly displayFields: string[];
  readonly filterFields: string[];
  readonly staffing: StaffingEntry[];
}

const EVERY_FIELD = CustomerGroupFieldsQuerySchema.parse({ include_child_fields: 'true' });

const WEEK_MS = 7 * 24 * 3_600_000;

/** The read side of on call: reach, time zones, the group's on-call fields and settings, periods. */
@Injectable()
export class OnCallReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) readonly groups: CustomerGroupReader,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  users(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<UserDocument>(USERS);
  }

  periods(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<OnCallPeriodDocument>(ON_CALL_PERIODS);
  }

  /** A user in the caller's reach (another tenant's, a deleted one or one outside the caller's groups answers 404), with their group. */
  async reachableUser(principal: Principal, userId: string): Promise<{ user: UserDocument; group: CustomerGroupDocument }> {
    const user = await this.users(principal).findOne({ _id: userId });
    if (!user) throw notFound();
    return { user, group: await this.groups.reachable(principal, user.customer_group) };
  }

  /** The group (404 outside the caller's reach), and its id with its descendants' when `all`. */
  async groupIds(principal: Principal, customerGroupId: string, all: boolean): Promise<{ group: CustomerGroupDocument; ids: string[] }> {
    const group = await this.groups.reachable(principal, customerGroupId);
    return { group, ids: all ? await this.groups.subtreeIds(principal, group._id) : [group._id] };
  }

  /** The periods of the users that overlap the span, by user then start. */
  periodsOf(principal: Principal, userIds: readonly string[], span: TimeSpan): Promise<OnCallPeriodDocument[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.periods(principal).find({ user: { $in: [...userIds] }, ...overlapping(span.start, span.end) }, { sort: { user: 1, start: 1 } });
  }

  /**
   * The group's on-call data fields: every contact field but the device types, those defined below the
   * group (reports only) first, then those that apply to it, the root's first, each as the fields list orders them.
   */
  async onCallFields(principal: Principal, group: CustomerGroupDocument): Promise<OnCallDataFieldDto[]> {
    const fields: CustomerGroupFieldDto[] = await this.queryBus.execute(new CustomerGroupFieldsQuery(principal, group._id, EVERY_FIELD));
    const onPath = new Set(group.path);
    const entries = fields
      .filter((field) => isOnCallDataFieldType(field.field_type))
      .map(
        (field): OnCallDataFieldDto => ({
          id: field.id,
          label: field.label,
          field_type: field.field_type,
          customer_group: field.customer_group,
          is_inherited: field.customer_group !== group._id && onPath.has(field.customer_group),
          reports_only: !onPath.has(field.customer_group),
          options: field.options.map((option) => ({ id: option.id, label: option.label, excluded: onPath.has(field.customer_group) && option.excluded })),
        }),
      );
    return [...entries.filter((field) => field.reports_only), ...entries.filter((field) => !field.reports_only)];
  }

  /** The group's settings as they apply now (the defaults until saved). */
  async settingsOf(principal: Principal, group: CustomerGroupDocument): Promise<GroupOnCallSettings> {
    const [saved, fields] = await Promise.all([
      this.readStore.scope(principal.rootId).collection<OnCallSettingsDocument>(ON_CALL_SETTINGS).findOne({ _id: group._id }),
      this.onCallFields(principal, group),
    ]);
    const fieldIds = new Set(fields.map((field) => field.id));
    const staffable = new Map(
      fields
        .filter((field) => !field.reports_only && isSelectFieldType(field.field_type))
        .flatMap((field) => field.options.filter((option) => !option.excluded).map((option) => [option.id, { option, field }] as const)),
    );
    const staffing = (saved?.options_staffing ?? []).flatMap((entry): StaffingEntry[] => {
      const offered = staffable.get(entry.option);
      return offered ? [{ option: entry.option, value: entry.value, option_label: offered.option.label, field: offered.field.id, field_label: offered.field.label }] : [];
    });
    return {
      group,
      fields,
      displayFields: (saved?.on_call_settings.display_fields ?? []).filter((id) => fieldIds.has(id)),
      filterFields: (saved?.on_call_settings.filter_fields ?? []).filter((id) => fieldIds.has(id)),
      staffing,
    };
  }
}

/** The zone a user reads times in: their preferred time zone, else their group's, else the product's default. */
export function timeZoneOf(user: Pick<UserDocument, 'preferred_timezone'> | null, group: Pick<CustomerGroupDocument, 'settings'>): string {
  if (user && typeof user.preferred_timezone === 'string' && isIanaTimeZone(user.preferred_timezone)) return user.preferred_timezone;
  return groupTimeZone(group);
}

/** The zone of a group's files and warnings: its preferred_timezone setting, else the product's default. */
export function groupTimeZone(group: Pick<CustomerGroupDocument, 'settings'>): string {
  const zone = ownValue(group.settings, 'preferred_timezone');
  return typeof zone === 'string' && isIanaTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
}

/** The instant to the second: what on-call times are kept to. */
export const wholeSecond = (instant: number) => Math.floor(instant / 1000) * 1000;

/**
 * The range a read asks for: `start_date` (default now) to `end_date` (default `defaultLength` after the
 * start), checked as a period's times are (the end after the start, at most a year): 400 naming them.
 */
export function rangeOf(startDate: string | undefined, endDate: string | undefined, now: number, defaultLength = WEEK_MS): TimeSpan {
  const start = startDate ?? isoInstant(wholeSecond(now));
  const end = endDate ?? (Number.isFinite(Date.parse(start)) ? isoInstant(Date.parse(start) + defaultLength) : start);
  return periodSpan({ startDate: start, endDate: end });
}
