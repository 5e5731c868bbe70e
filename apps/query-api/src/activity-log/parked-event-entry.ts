import type { ParkedEventDocument } from '@beacon/projections';
import { activityLogId, type ActivityLogDocument } from './projections/activity-log.projection';

/**
 * The activity-log line that tells admins a read model set one of their events aside. Its id
 * follows the event's own line, so the log keeps the history's order.
 */
export function parkedEventEntry(parked: ParkedEventDocument): ActivityLogDocument {
  return {
    _id: `${activityLogId(parked.position)}-parked-${parked.projection}`,
    position: parked.position,
    stream: parked.stream,
    event_type: 'ProjectionEventParked',
    category: 'other',
    occurred_at: parked.last_attempt_at,
    // The organisation's root group: a parked event's own group may be what made it fail.
    customer_group: parked.tenant_id,
    actor: null,
    target_user: null,
    summary: `The ${parked.projection} view could not show ${parked.event_type} (position ${parked.position}); it was set aside for a retry`,
    details: { projection: parked.projection, position: parked.position, event_type: parked.event_type, error: parked.error },
  };
}
