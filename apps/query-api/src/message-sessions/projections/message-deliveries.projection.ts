import {
  advanceDeliveryStatus,
  type DeadLettersRetried,
  type DeliveriesReported,
  type DeliveryStatus,
  type DispatchEvent,
  type DispatchOutcome,
  type MessageSessionFollowUpPageQueued,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import type { DocumentChange } from '@beacon/read-store';
import {
  MESSAGE_DELIVERIES,
  MESSAGE_DELIVERIES_PROJECTION,
  MESSAGE_DELIVERY_INDEXES,
  MESSAGE_SESSION_PROGRESS,
  type MessageDeliveryDocument,
  type MessageSessionProgressDocument,
} from '../../shared/read-models/message-sessions.read-model';
import { countsAfter, progressKeyOf } from '../progress-key';

type DeliveryEvent = DispatchEvent | DeliveriesReported | DeadLettersRetried;
type Apply = (current: MessageDeliveryDocument | null) => MessageDeliveryDocument | null;

const DELIVERY_EVENTS = new Set(['DispatchesSent', 'DispatchesDeadLettered', 'DeliveriesReported', 'DeadLettersRetried']);
/** And a follow-up's pages, which mark the attempts their new ones replace. */
type ProjectedEvent = DeliveryEvent | MessageSessionFollowUpPageQueued;
const PROJECTED_EVENTS = new Set([...DELIVERY_EVENTS, 'MessageSessionFollowUpPageQueued']);
/** A session's start (now or at a time), which makes its progress document. */
const SESSION_STARTS = new Set(['MessageSessionScheduled', 'MessageSessionStarted']);

/** A delivery id's parts: `<session>.<recipient>.<device>.<attempt>`. */
function partsOf(deliveryId: string) {
  const [sessionId = '', recipientId = '', deviceId = '', attempt = '1'] = deliveryId.split('.');
  const type = deviceId.slice(deviceId.lastIndexOf(':') + 1);
  return { sessionId, recipientId, deviceId, attempt: Number(attempt) || 1, channel: deviceId.includes(':') ? type : deviceId.toUpperCase() };
}

/** A delivery's document before anything is known of it but its id (a report may come before the provider's answer is recorded). */
function skeleton(deliveryId: string, at: string): MessageDeliveryDocument {
  const parts = partsOf(deliveryId);
  return {
    _id: deliveryId,
    session_id: parts.sessionId,
    recipient_id: parts.recipientId,
    device_id: parts.deviceId,
    channel: parts.channel,
    address: null,
    attempt: parts.attempt,
    status: 'queued',
    superseded: false,
    provider: null,
    provider_message_id: null,
    reason: null,
    reply: null,
    queued_at: at,
    updated_at: at,
  };
}

/**
 * The delivery's document with `fields` set and its status moved on to `status` if that ranks higher
 * (delivery-status.ts: a late "sent" never moves "delivered" back). `always` fields are set whatever
 * the status does (what the provider's answer tells: the address, the provider's id).
 */
const advanced =
  (deliveryId: string, status: DeliveryStatus, at: string, fields: Partial<MessageDeliveryDocument> = {}, always: Partial<MessageDeliveryDocument> = {}): Apply =>
  (current) => {
    const document = current ?? skeleton(deliveryId, at);
    const next = advanceDeliveryStatus(document.status, status);
    const known = Object.fromEntries(Object.entries(always).filter(([key, value]) => value !== null && value !== undefined && document[key as keyof MessageDeliveryDocument] === null));
    return next === document.status ? { ...document, ...known } : { ...document, ...known, ...fields, status: next, updated_at: at };
  };

function outcomeChanges(outcome: DispatchOutcome, at: string): [string, Apply][] {
  // The provider that took the message: the channel's failover provider when the send failed over to it.
  const known = { address: outcome.address ?? null, provider: outcome.failover?.to ?? outcome.provider, provider_message_id: outcome.providerMessageId ?? null };
  const id = outcome.deliveryId;
  switch (outcome.kind) {
    case 'accepted':
      return [[id, advanced(id, outcome.awaitingReport ? 'submitted' : 'delivered', at, {}, known)]];
    case 'unknown':
      return [[id, advanced(id, 'unknown', at, { reason: outcome.reason ?? null, ...(outcome.final ? { final: true } : {}) }, known)]];
    case 'refused':
    case 'throttled': {
      const failed = advanced(id, 'failed', at, { reason: outcome.reason ?? null }, known);
      if (!outcome.retryAs) return [[id, failed]];
      // The next attempt's document comes with its own answer; until then the delivery counts as queued.
      return [[id, (current) => ({ ...failed(current)!, superseded: true })]];
    }
  }
}

function changesOf(event: ProjectedEvent, at: string): [string, Apply][] {
  switch (event.type) {
    case 'DispatchesClaimed':
    case 'DispatchesInDoubt':
    case 'DispatchesHandedOver':
      // A claim is the ledger's business: the delivery counts as queued until its provider answers.
      return [];
    case 'DispatchesSent':
      return event.data.outcomes.flatMap((outcome) => outcomeChanges(outcome, event.data.at));
    case 'DispatchesDeadLettered':
      return event.data.deliveryIds.map((id) => [id, advanced(id, 'failed', event.data.at, { reason: `${event.data.reason} Set aside for an admin to retry.` })]);
    case 'DeadLettersRetried':
      // An admin's retry: the dead delivery counts no more; its new attempt's document comes with its answer.
      return event.data.retries.map(({ deliveryId }) => [deliveryId, (current) => ({ ...(current ?? skeleton(deliveryId, event.data.at)), superseded: true })]);
    case 'MessageSessionFollowUpPageQueued':
      // A follow-up's new attempt replaces the answered one: it no longer counts, its own answer will.
      return event.data.deliveries.flatMap((delivery): [string, Apply][] =>
        delivery.supersedes === undefined ? [] : [[delivery.supersedes, (current) => current && { ...current, superseded: true }]],
      );
    case 'DeliveriesReported':
      return event.data.reports.map((report) => [
        report.deliveryId,
        advanced(
          report.deliveryId,
          report.status,
          report.at || at,
          {
            ...(report.reason === undefined ? {} : { reason: report.reason }),
            ...(report.reply === undefined ? {} : { reply: report.reply }),
            ...(report.replyDigit === undefined ? {} : { reply_digit: report.replyDigit }),
          },
          { provider_message_id: report.providerMessageId || null },
        ),
      ]);
  }
}

/** The progress document of a session that starts: nothing counted yet. */
function progressStarted(recorded: RecordedEvent): DocumentChange {
  const sessionId = (recorded.data as { sessionId: string }).sessionId;
  return {
    collection: MESSAGE_SESSION_PROGRESS,
    tenantId: String(recorded.metadata.tenantId),
    id: sessionId,
    derived: true,
    apply: (current) => current ?? ({ _id: sessionId, session_id: sessionId, counts: {} } satisfies MessageSessionProgressDocument),
  };
}

/**
 * One document per delivery that has an answer (from its provider, a report, or a time-out), each
 * status moving only forward. A delivery planned and not yet answered has no document: it counts as
 * queued (the session's deliveries less its documents), which spares a write per delivery. The
 * session's progress is kept beside them: each event's delivery changes note the progress key their
 * document counted under before and after (progress-key.ts), and a last change per session moves its
 * counts by those notes. So the counts change exactly when the documents do: the store applies an
 * event's changes in order and skips, on a replay, the documents that already hold it, and where it
 * cannot write them all at once it writes the derived counts first (DocumentChange.derived), so a replay
 * after a crash in between finds them holding the event and the deliveries not, and counts nothing twice.
 * Sessions started before the counts were kept have no progress document, and are counted from their
 * deliveries (session-progress.ts).
 */
export const messageDeliveriesProjection: ProjectionDefinition = {
  name: MESSAGE_DELIVERIES_PROJECTION,
  collections: [MESSAGE_DELIVERIES, MESSAGE_SESSION_PROGRESS],
  indexes: { [MESSAGE_DELIVERIES]: MESSAGE_DELIVERY_INDEXES },
  project(recorded: RecordedEvent): DocumentChange[] {
    if (SESSION_STARTS.has(recorded.type)) return [progressStarted(recorded)];
    if (!PROJECTED_EVENTS.has(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as ProjectedEvent;
    const tenantId = String(recorded.metadata.tenantId);
    // One change per delivery: two changes of one document in one event would each see the document as it was.
    const byId = new Map<string, Apply[]>();
    for (const [id, apply] of changesOf(event, recorded.recordedAt)) byId.set(id, [...(byId.get(id) ?? []), apply]);
    // What each delivery change moved in its session's counts, taken by the session's progress change after them.
    const moves = new Map<string, [string | null, string | null][]>();
    const changes: DocumentChange[] = [...byId].map(([id, applies]) => {
      const sessionId = partsOf(id).sessionId;
      if (!moves.has(sessionId)) moves.set(sessionId, []);
      return {
        collection: MESSAGE_DELIVERIES,
        tenantId,
        id,
        apply: (current) => {
          const next = applies.reduce<MessageDeliveryDocument | null>((document, apply) => apply(document), current as MessageDeliveryDocument | null);
          moves.get(sessionId)!.push([progressKeyOf(current as MessageDeliveryDocument | null), progressKeyOf(next)]);
          return next;
        },
      };
    });
    for (const [sessionId, moved] of moves) {
      changes.push({
        collection: MESSAGE_SESSION_PROGRESS,
        tenantId,
        id: sessionId,
        derived: true,
        // A session started before the counts were kept has none to move. The notes are taken, so a store
        // that applies the event again (a parked event's retry) starts from the notes of that application.
        apply: (current) => {
          const taken = moved.splice(0);
          return current && { ...current, counts: countsAfter((current as MessageSessionProgressDocument).counts, taken) };
        },
      });
    }
    return changes;
  },
  liveUpdate(recorded: RecordedEvent) {
    if (!PROJECTED_EVENTS.has(recorded.type)) return null;
    const sessionId = (recorded.data as { sessionId: string }).sessionId;
    const customerGroupId = recorded.metadata.customerGroupId;
    return {
      type: recorded.type,
      resource: MESSAGE_DELIVERIES,
      id: sessionId,
      data: { session_id: sessionId },
      tenantId: String(recorded.metadata.tenantId),
      ...(typeof customerGroupId === 'string' ? { customerGroupId } : {}),
    };
  },
};
