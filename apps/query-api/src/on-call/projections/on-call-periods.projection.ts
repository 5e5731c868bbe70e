import { ON_CALL_PROJECTIONS } from '@beacon/contracts';
import type { OnCallRosterEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';
import {
  dayOf,
  ON_CALL_PERIOD_DAY_INDEXES,
  ON_CALL_PERIOD_DAYS,
  ON_CALL_PERIOD_INDEXES,
  ON_CALL_PERIODS,
  type OnCallPeriodDayDocument,
  type OnCallPeriodDocument,
} from '../../shared/read-models/on-call.read-model';

/** The resource name of on-call periods in live updates. */
export const ON_CALL_PERIODS_RESOURCE = 'on_call_periods';

const ROSTER_EVENT_TYPES: ReadonlySet<string> = new Set(['OnCallPeriodAdded', 'OnCallPeriodChanged', 'OnCallPeriodRemoved']);

type PeriodTimes = { readonly startDate: string; readonly endDate: string };

/** The UTC days a period touches (its end is exclusive). */
function daysOf({ startDate, endDate }: PeriodTimes): number[] {
  const first = dayOf(Date.parse(startDate));
  const last = dayOf(Date.parse(endDate) - 1);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

const dayId = (periodId: string, day: number) => `${periodId}@${day}`;

function periodDocument(data: OnCallRosterEvent['data']): OnCallPeriodDocument {
  return {
    _id: data.periodId,
    user: data.userId,
    customer_group: data.customerGroupId,
    start_date: data.startDate,
    end_date: data.endDate,
    start: Date.parse(data.startDate),
    end: Date.parse(data.endDate),
  };
}

/**
 * Each period's document, and one per UTC day it touches: a change moves both (days it left are
 * removed), a removal removes them. Users that are deleted or move keep their periods here; the
 * reads join the users read model, which has who exists and where.
 */
function changesOf(event: OnCallRosterEvent, tenantId: string): DocumentChange[] {
  const { periodId } = event.data;
  const change = (collection: string, id: string, document: OnCallPeriodDocument | null): DocumentChange => ({
    collection,
    tenantId,
    id,
    apply: () => document,
  });
  const period = periodDocument(event.data);
  const kept = event.type === 'OnCallPeriodRemoved' ? [] : daysOf(event.data);
  const left =
    event.type === 'OnCallPeriodRemoved'
      ? daysOf(event.data)
      : event.type === 'OnCallPeriodChanged'
        ? daysOf({ startDate: event.data.previousStartDate, endDate: event.data.previousEndDate }).filter((day) => !kept.includes(day))
        : [];
  return [
    change(ON_CALL_PERIODS, periodId, event.type === 'OnCallPeriodRemoved' ? null : period),
    ...left.map((day) => change(ON_CALL_PERIOD_DAYS, dayId(periodId, day), null)),
    ...kept.map((day) => change(ON_CALL_PERIOD_DAYS, dayId(periodId, day), { ...period, _id: dayId(periodId, day), period: periodId, day } as OnCallPeriodDayDocument)),
  ];
}

const rosterEvent = (event: RecordedEvent) => ({ type: event.type, data: event.data }) as OnCallRosterEvent;

/** Users' on-call periods: a user's weeks, rosters, exports, and who is on call at a moment. */
export const onCallPeriodsProjection: ProjectionDefinition = {
  name: ON_CALL_PROJECTIONS.periods,
  collections: [ON_CALL_PERIODS, ON_CALL_PERIOD_DAYS],
  indexes: { [ON_CALL_PERIODS]: ON_CALL_PERIOD_INDEXES, [ON_CALL_PERIOD_DAYS]: ON_CALL_PERIOD_DAY_INDEXES },
  project(event) {
    if (!ROSTER_EVENT_TYPES.has(event.type)) return [];
    return changesOf(rosterEvent(event), String(event.metadata.tenantId));
  },
  liveUpdate(event) {
    if (!ROSTER_EVENT_TYPES.has(event.type)) return null;
    const { data } = rosterEvent(event);
    return {
      type: event.type,
      resource: ON_CALL_PERIODS_RESOURCE,
      id: data.periodId,
      data:
        event.type === 'OnCallPeriodRemoved'
          ? { on_call_period_id: data.periodId, user: data.userId, removed: true }
          : { on_call_period_id: data.periodId, user: data.userId, start_date: data.startDate, end_date: data.endDate },
      tenantId: String(event.metadata.tenantId),
      customerGroupId: data.customerGroupId,
    };
  },
};
