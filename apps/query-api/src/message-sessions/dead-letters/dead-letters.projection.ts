import { ledgerPlaceOf, nextAttemptId, type DeadLetterRetriesQueued, type DeadLettersRetried, type DispatchesDeadLettered } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SYSTEM_TENANT, type DocumentChange } from '@beacon/read-store';
import {
  DEAD_LETTERS,
  DEAD_LETTERS_PROJECTION,
  DEAD_LETTER_INDEXES,
  DEAD_LETTER_RETRY_WORK,
  DEAD_LETTER_RETRY_WORK_INDEXES,
  type DeadLetterDocument,
  type DeadLetterRetryWorkDocument,
} from '../../shared/read-models/dead-letters.read-model';

type DeadLetterEvent = DispatchesDeadLettered | DeadLettersRetried | DeadLetterRetriesQueued;
const EVENTS = new Set(['DispatchesDeadLettered', 'DeadLettersRetried', 'DeadLetterRetriesQueued']);

/** A delivery id's parts: `<session>.<recipient>.<device>.<attempt>`; a device is `<field>:<CHANNEL>`, or `teams` / `slack`. */
export function deliveryPartsOf(deliveryId: string) {
  const [sessionId = '', recipientId = '', deviceId = '', attempt = '1'] = deliveryId.split('.');
  const channel = deviceId.includes(':') ? deviceId.slice(deviceId.lastIndexOf(':') + 1) : deviceId.toUpperCase();
  return { sessionId, recipientId, deviceId, channel, attempt: Number(attempt) || 1 };
}

function deadLettered(event: DispatchesDeadLettered, recorded: RecordedEvent, tenantId: string): DocumentChange[] {
  const place = ledgerPlaceOf(recorded.streamName) ?? { page: 0, partition: event.data.partition };
  return event.data.deliveryIds.map((id) => {
    const parts = deliveryPartsOf(id);
    const document: DeadLetterDocument = {
      _id: id,
      session_id: event.data.sessionId,
      recipient_id: parts.recipientId,
      device_id: parts.deviceId,
      channel: parts.channel,
      attempt: parts.attempt,
      page: place.page,
      partition: place.partition,
      reason: event.data.reason,
      dead_lettered_at: event.data.at,
      retried_as: null,
      retried_at: null,
      retried_by: null,
      retry_queued: false,
    };
    // Dead-lettered once per delivery by the ledger; a replay leaves a retried one retried.
    return { collection: DEAD_LETTERS, tenantId, id, apply: (current) => (current as DeadLetterDocument | null) ?? document };
  });
}

function retried(event: DeadLettersRetried, tenantId: string): DocumentChange[] {
  const { sessionId, retriedBy, at } = event.data;
  return event.data.retries.flatMap((retry): DocumentChange[] => [
    {
      collection: DEAD_LETTERS,
      tenantId,
      id: retry.deliveryId,
      apply: (current) => current && { ...(current as DeadLetterDocument), retried_as: retry.retryAs, retried_at: at, retried_by: retriedBy },
    },
    {
      collection: DEAD_LETTER_RETRY_WORK,
      tenantId: SYSTEM_TENANT,
      id: retry.retryAs,
      apply: (): DeadLetterRetryWorkDocument => ({ _id: retry.retryAs, tenant_id: tenantId, session_id: sessionId, delivery_id: retry.deliveryId, page: retry.page, retried_at: at }),
    },
  ]);
}

/** Queued: the work entry (its id is the new attempt's, the next attempt of the dead delivery) leaves the list. */
function queued(event: DeadLetterRetriesQueued, tenantId: string): DocumentChange[] {
  return event.data.deliveryIds.flatMap((id): DocumentChange[] => [
    { collection: DEAD_LETTERS, tenantId, id, apply: (current) => current && { ...(current as DeadLetterDocument), retry_queued: true } },
    { collection: DEAD_LETTER_RETRY_WORK, tenantId: SYSTEM_TENANT, id: nextAttemptId(id), apply: () => null },
  ]);
}

/**
 * The dead-letter list (one document per dead delivery, in its organisation's scope) and the retries
 * still to queue (the system scope's work list, which the retry queue takes from).
 */
export const deadLettersProjection: ProjectionDefinition = {
  name: DEAD_LETTERS_PROJECTION,
  collections: [DEAD_LETTERS, DEAD_LETTER_RETRY_WORK],
  indexes: { [DEAD_LETTERS]: DEAD_LETTER_INDEXES, [DEAD_LETTER_RETRY_WORK]: DEAD_LETTER_RETRY_WORK_INDEXES },
  project(recorded: RecordedEvent): DocumentChange[] {
    if (!EVENTS.has(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as DeadLetterEvent;
    const tenantId = String(recorded.metadata.tenantId);
    switch (event.type) {
      case 'DispatchesDeadLettered':
        return deadLettered(event, recorded, tenantId);
      case 'DeadLettersRetried':
        return retried(event, tenantId);
      case 'DeadLetterRetriesQueued':
        return queued(event, tenantId);
    }
  },
};
