import { Inject, Injectable } from '@nestjs/common';
import {
  ACTIVITY_LOG_CSV_HEADER,
  ACTIVITY_LOG_EXPORT_MAX_ROWS,
  type ActivityLogCustomerGroupDto,
  type ActivityLogEntryDto,
  type ActivityLogPageDto,
  type ActivityLogUserDto,
} from '@beacon/contracts';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { Filter, ReadStore, ReadStoreScope } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { FORMER_USERS, USERS, type FormerUserDocument, type UserDocument } from '../../shared/read-models/users.read-model';
import { ACTIVITY_LOGS, type ActivityLogDocument } from '../projections/activity-log.projection';
import { resolveDateRange, type ActivityLogFilters } from './activity-log-filters';
import { csvText } from './csv';
import { formatDisplayTime, formatIsoDay, knownTimeZone } from './zoned-time';
import { escapeRegExp } from '../../shared/queries/plain-text-pattern';

/** What a request may see: the groups it reaches and the predicate that keeps it to them. */
interface Reach {
  readonly groups: readonly CustomerGroupDocument[];
  /** Null when the request covers the whole tenant (an admin of the root group asking for all of it). */
  readonly groupIds: readonly string[] | null;
}

export interface ActivityLogExport {
  readonly filename: string;
  readonly csv: string;
}

/** Newest first. Ids are zero-padded positions, so this is history order, and the stores' base (tenant, id) index serves it. */
const NEWEST_FIRST = { _id: -1 } as const;

/** Entries an export reads from the store at a time. */
const EXPORT_BATCH = 1_000;


/** What an entry shows of a user: a current one, or one deleted since (FORMER_USERS). */
type NamedUser = Pick<UserDocument, 'email' | 'first_name' | 'last_name'>;

function userDto(id: string | null, users: ReadonlyMap<string, NamedUser>): ActivityLogUserDto | null {
  if (id === null) return null;
  const user = users.get(id);
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return { id, email: user?.email ?? null, name: fullName || user?.email || id };
}

const userLabel = (user: ActivityLogUserDto | null) => (user === null ? 'System' : user.email ? `${user.name} <${user.email}>` : user.name);

const detailLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

function detailsText(entry: ActivityLogEntryDto): string {
  const aboutSomeoneElse = entry.target_user !== null && entry.target_user.id !== entry.user?.id;
  const parts = aboutSomeoneElse ? [`User: ${userLabel(entry.target_user)}`] : [];
  for (const [key, value] of Object.entries(entry.details)) parts.push(`${detailLabel(key)}: ${value ?? ''}`);
  return parts.join('; ');
}

/** The activity log as its callers see it: reach, filters, names of users and groups. */
@Injectable()
export class ActivityLogReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groupReader: CustomerGroupReader,
  ) {}

  async page(principal: Principal, filters: ActivityLogFilters): Promise<ActivityLogPageDto['data']> {
    const scope = this.readStore.scope(principal.rootId);
    const reach = await this.reach(principal, filters.customerGroupId);
    const filter = this.filterFor(filters, reach, await this.timeZoneOf(principal));
    const logs = scope.collection<ActivityLogDocument>(ACTIVITY_LOGS);
    const [count, documents] = await Promise.all([
      logs.count(filter),
      logs.find(filter, { sort: NEWEST_FIRST, skip: (filters.page - 1) * filters.pageSize, limit: filters.pageSize }),
    ]);
    return {
      activity_logs: await this.entries(scope, documents, reach),
      count,
      page: filters.page,
      page_size: filters.pageSize,
      number_of_pages: Math.max(1, Math.ceil(count / filters.pageSize)),
    };
  }

  /**
   * Every matching entry, newest first, up to the export cap; a last row says when more matched.
   * Entries are read a batch at a time (each batch starts below the last id read), so the documents
   * of a large export are never all in memory at once.
   */
  async export(principal: Principal, filters: ActivityLogFilters, now: Date, maxRows = ACTIVITY_LOG_EXPORT_MAX_ROWS): Promise<ActivityLogExport> {
    const scope = this.readStore.scope(principal.rootId);
    const timeZone = await this.timeZoneOf(principal);
    const reach = await this.reach(principal, filters.customerGroupId);
    const filter = this.filterFor(filters, reach, timeZone);
    const logs = scope.collection<ActivityLogDocument>(ACTIVITY_LOGS);
    const count = await logs.count(filter);
    const rows: string[][] = [[...ACTIVITY_LOG_CSV_HEADER]];
    let exported = 0;
    let before: string | null = null;
    while (exported < maxRows) {
      const limit = Math.min(EXPORT_BATCH, maxRows - exported);
      const batch = await logs.find(before === null ? filter : { $and: [filter, { _id: { $lt: before } }] }, { sort: NEWEST_FIRST, limit });
      for (const entry of await this.entries(scope, batch, reach)) {
        rows.push([
          formatDisplayTime(Date.parse(entry.date), timeZone),
          entry.customer_group.name ?? entry.customer_group.id,
          userLabel(entry.user),
          entry.action,
          detailsText(entry),
        ]);
      }
      exported += batch.length;
      if (batch.length < limit) break;
      before = batch[batch.length - 1]!._id;
    }
    if (count > exported) {
      rows.push([
        `Only the newest ${exported.toLocaleString('en-GB')} of ${count.toLocaleString('en-GB')} matching entries are included; narrow the filters to export the rest.`,
        '',
        '',
        '',
        '',
      ]);
    }
    return { filename: `activity-log-${formatIsoDay(now.getTime(), timeZone)}.csv`, csv: csvText(rows) };
  }

  /** The groups the caller may filter by: their own and its descendants, root first. */
  async customerGroups(principal: Principal): Promise<ActivityLogCustomerGroupDto[]> {
    const reachable = await this.reachableGroups(principal);
    return reachable
      .sort((a, b) => a.path.length - b.path.length || a.name.localeCompare(b.name))
      .map((group) => ({ id: group.id, name: group.name, parent: group.parent }));
  }

  private async reachableGroups(principal: Principal): Promise<CustomerGroupDocument[]> {
    return this.readStore
      .scope(principal.rootId)
      .collection<CustomerGroupDocument>(CUSTOMER_GROUPS)
      .find({ path: principal.customerGroupId });
  }

  /** A named group must be in reach (else 404: another tenant's ids reveal nothing); it brings its descendants. */
  private async reach(principal: Principal, customerGroupId: string | null): Promise<Reach> {
    if (customerGroupId !== null) await this.groupReader.reachable(principal, customerGroupId);
    const anchor = customerGroupId ?? principal.customerGroupId;
    const groups = await this.reachableGroups(principal);
    if (anchor === principal.rootId) return { groups, groupIds: null };
    return { groups, groupIds: groups.filter((group) => group.path.includes(anchor)).map((group) => group.id) };
  }

  private filterFor(filters: ActivityLogFilters, reach: Reach, timeZone: string): Filter {
    const clauses: Filter[] = [];
    if (reach.groupIds) clauses.push({ customer_group: { $in: reach.groupIds } });
    if (filters.userId) clauses.push({ actor: filters.userId });
    if (filters.eventTypes.length) clauses.push({ event_type: { $in: filters.eventTypes } });
    if (filters.categories.length) clauses.push({ category: { $in: filters.categories } });
    const range = resolveDateRange(filters.from, filters.to, timeZone);
    if (range.from) clauses.push({ occurred_at: { $gte: range.from } });
    if (range.until) clauses.push({ occurred_at: { $lt: range.until } });
    if (filters.search) clauses.push({ summary: { $regex: escapeRegExp(filters.search), $options: 'i' } });
    return clauses.length ? { $and: clauses } : {};
  }

  private async timeZoneOf(principal: Principal): Promise<string> {
    const user = await this.readStore.scope(principal.rootId).collection<UserDocument>(USERS).findOne({ _id: principal.userId });
    return knownTimeZone(user?.preferred_timezone);
  }

  private async entries(scope: ReadStoreScope, documents: readonly ActivityLogDocument[], reach: Reach): Promise<ActivityLogEntryDto[]> {
    const userIds = new Set<string>();
    for (const document of documents) {
      if (document.actor) userIds.add(document.actor);
      if (document.target_user) userIds.add(document.target_user);
    }
    const users = userIds.size
      ? await scope.collection<UserDocument>(USERS).find({ _id: { $in: [...userIds] } })
      : [];
    const deletedIds = [...userIds].filter((id) => !users.some((user) => user._id === id));
    const formerUsers = deletedIds.length ? await scope.collection<FormerUserDocument>(FORMER_USERS).find({ _id: { $in: deletedIds } }) : [];
    const usersById = new Map<string, NamedUser>([...formerUsers, ...users].map((user) => [user._id, user]));
    const groupNames = new Map(reach.groups.map((group) => [group.id, group.name]));
    return documents.map((document) => ({
      id: document.position,
      date: document.occurred_at,
      event_type: document.event_type,
      category: document.category,
      action: document.summary,
      details: document.details,
      customer_group: { id: document.customer_group, name: groupNames.get(document.customer_group) ?? null },
      user: userDto(document.actor, usersById),
      target_user: userDto(document.target_user, usersById),
    }));
  }
}
