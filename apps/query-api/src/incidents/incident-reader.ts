import { Inject, Injectable } from '@nestjs/common';
import type { IncidentDto, IncidentHistoryDto, IncidentListItemDto } from '@beacon/contracts';
import { incidentRecordOf, incidentStream, isIncidentEventType, notFound, validationError, type IncidentEvent } from '@beacon/domain';
import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@beacon/event-store';
import { EVENT_STORE, READ_STORE, type Principal } from '@beacon/platform';
import type { Filter, FindOptions, ReadStore } from '@beacon/read-store';
import { incidentHistory } from './incident-history';
import { INCIDENTS, incidentOf, type IncidentDocument } from './projections/incidents.projection';
import { CustomerGroupReader } from '../shared/customer-group-reader';

/** What an incident list shows of each incident (no snapshot, no values). */
export const LIST_ITEM_FIELDS = {
  id: 1,
  name: 1,
  title: 1,
  incident_title: 1,
  state: 1,
  form: 1,
  order: 1,
  customer_group: 1,
  version: 1,
  created_at: 1,
  created_by: 1,
  updated_at: 1,
  updated_by: 1,
} as const;

/** The list's order: the ordering keys (new incidents at the top), then ids for a stable paging. */
export const LIST_ORDER = { order: 1, _id: 1 } as const;

/**
 * Reads incidents the caller reaches: those of their own customer group and its descendants, in
 * their tenant. Anything else (unknown ids, another organisation's incidents) answers 404.
 * The current incident comes from the read model; an earlier version and the history come from the
 * incident's events: its start, then each change applied in turn (applyIncidentEvent).
 */
@Injectable()
export class IncidentReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
  ) {}

  /** The incident, or as it stood at `version` (1 = as started). */
  async get(principal: Principal, id: string, version?: number): Promise<IncidentDto> {
    const current = await this.reachable(principal, id);
    if (version === undefined) return incidentOf(current);
    if (!Number.isInteger(version) || version < 1 || version > current.version)
      throw validationError(`Ensure this value is between 1 and ${current.version}, the current version.`, {
        version: [`Ensure this value is between 1 and ${current.version}, the current version.`],
      });
    // Each event is one version: the first N events make version N.
    const incident = incidentRecordOf(await this.events(id, { maxCount: version }));
    if (!incident) throw notFound();
    return incident;
  }

  /** The incident's timeline, oldest first. */
  async history(principal: Principal, id: string): Promise<IncidentHistoryDto> {
    await this.reachable(principal, id);
    return incidentHistory(await this.events(id));
  }

  /** A page of the incidents that match and the caller reaches, in list order, and how many match in all. */
  async page(principal: Principal, filter: Filter, options: Pick<FindOptions, 'skip' | 'limit'>): Promise<{ data: IncidentListItemDto[]; count: number }> {
    const reached = await this.withinReach(principal, filter);
    // Together: one snapshot check of the read store's cache serves both.
    const [count, data] = await Promise.all([this.collection(principal).count(reached), this.listItems(principal, reached, options)]);
    return { data, count };
  }

  /** Every incident that matches and the caller reaches, in list order. */
  async list(principal: Principal, filter: Filter): Promise<IncidentListItemDto[]> {
    return this.listItems(principal, await this.withinReach(principal, filter), {});
  }

  /** The order of the first incident the caller's group sees, if any. */
  async firstOrder(principal: Principal): Promise<string | null> {
    const first = await this.collection(principal).findOne(await this.withinReach(principal, {}), { sort: LIST_ORDER, projection: { order: 1 } });
    return first?.order ?? null;
  }

  /**
   * Narrows a filter to the incidents of the caller's group and its descendants. A caller of the
   * root group reaches the whole tenant, so needs no condition. Elsewhere the condition is on the
   * incident's group, which an index serves, rather than on its group path, an array the embedded
   * store cannot index: groups never move, so the two say the same. The caller's own group counts
   * even before the groups read model has it.
   */
  private async withinReach(principal: Principal, filter: Filter): Promise<Filter> {
    if (principal.customerGroupId === principal.rootId) return filter;
    const groups = new Set([principal.customerGroupId, ...(await this.groups.reachableIds(principal))]);
    const reach = { customer_group: { $in: [...groups] } };
    return Object.keys(filter).length ? { $and: [filter, reach] } : reach;
  }

  private async listItems(principal: Principal, filter: Filter, options: Pick<FindOptions, 'skip' | 'limit'>): Promise<IncidentListItemDto[]> {
    const documents = await this.collection(principal).find(filter, { ...options, sort: LIST_ORDER, projection: LIST_ITEM_FIELDS });
    return documents.map((document) => {
      const { _id, ...item } = document;
      void _id;
      return item as unknown as IncidentListItemDto;
    });
  }

  private async reachable(principal: Principal, id: string): Promise<IncidentDocument> {
    const document = await this.collection(principal).findOne({ _id: id, group_path: principal.customerGroupId });
    if (!document) throw notFound();
    return document;
  }

  private collection(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<IncidentDocument>(INCIDENTS);
  }

  private async events(id: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<IncidentEvent[]> {
    let recorded: RecordedEvent[];
    try {
      recorded = await this.eventStore.readStream(incidentStream(id), options);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return recorded.filter((event) => isIncidentEventType(event.type)).map((event) => ({ type: event.type, data: event.data }) as IncidentEvent);
  }
}
