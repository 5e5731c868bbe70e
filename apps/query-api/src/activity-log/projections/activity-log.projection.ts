import type { ActivityLogCategory, ActivityLogDetailValue } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { ACTIVITY_LOG_INDEXES } from '../queries/activity-log-filters';
import { describeEvent } from './activity-descriptions';

export const ACTIVITY_LOGS = 'activity_logs';

/**
 * One document per event of a tenant: who, what, when, in which customer group. Names of users are
 * not copied here (a change only sees its own document); queries resolve them from the users read model.
 */
export interface ActivityLogDocument extends Document {
  position: number;
  stream: string;
  event_type: string;
  category: ActivityLogCategory;
  /** ISO 8601 UTC: when the command was accepted, else when the store recorded the event. */
  occurred_at: string;
  /** The group the event belongs to; the tenant's root group when the event names none. */
  customer_group: string;
  /** The acting user; null for the platform itself. */
  actor: string | null;
  target_user: string | null;
  summary: string;
  details: Record<string, ActivityLogDetailValue>;
}

/** Ids sort as positions do, so the store's natural order is the history's order. */
export const activityLogId = (position: number) => String(position).padStart(16, '0');

const nonEmptyString = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** The same instant in one spelling (toISOString's), so that times compare as strings. */
function isoInstant(value: unknown): string | null {
  const time = Date.parse(nonEmptyString(value) ?? '');
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const occurredAt = (event: RecordedEvent) => isoInstant(event.metadata.acceptedAt) ?? isoInstant(event.recordedAt) ?? event.recordedAt;

export function toActivityLogDocument(event: RecordedEvent, tenantId: string): ActivityLogDocument {
  const description = describeEvent(event);
  return {
    _id: activityLogId(event.position),
    position: event.position,
    stream: event.streamName,
    event_type: event.type,
    category: description.category,
    occurred_at: occurredAt(event),
    customer_group: nonEmptyString(event.metadata.customerGroupId) ?? tenantId,
    actor: nonEmptyString(event.metadata.actorUserId),
    target_user: description.targetUserId,
    summary: description.summary,
    details: description.details,
  };
}

/** The activity log: every event of the history that belongs to a tenant. */
export const activityLogProjection: ProjectionDefinition = {
  name: 'activity-log',
  collections: [ACTIVITY_LOGS],
  indexes: { [ACTIVITY_LOGS]: ACTIVITY_LOG_INDEXES },
  project(event): DocumentChange[] {
    const tenantId = nonEmptyString(event.metadata.tenantId);
    if (!tenantId) return [];
    const document = toActivityLogDocument(event, tenantId);
    return [{ collection: ACTIVITY_LOGS, tenantId, id: document._id, apply: (current) => current ?? document }];
  },
};
