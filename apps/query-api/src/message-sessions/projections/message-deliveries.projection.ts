import {
  advanceDeliveryStatus,
  type DeliveriesReported,
  type DeliveryStatus,
  type DispatchEvent,
  type DispatchOutcome,
  type MessageSessionPageQueued,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import type { DocumentChange } from '@beacon/read-store';
import {
  MESSAGE_DELIVERIES,
  MESSAGE_DELIVERIES_PROJECTION,
  MESSAGE_DELIVERY_INDEXES,
  type MessageDeliveryDocument,
} from '../../shared/read-models/message-sessions.read-model';

type DeliveryEvent = MessageSessionPageQueued | DispatchEvent | DeliveriesReported;
type Apply = (current: MessageDeliveryDocument | null) => MessageDeliveryDocument | null;

const DELIVERY_EVENTS = new Set(['MessageSessionPageQueued', 'DispatchesSent', 'DispatchesDeadLettered', 'DeliveriesReported']);

/** A delivery id's parts: `<session>.<recipient>.<device>.<attempt>`. */
function partsOf(deliveryId: string) {
  const [sessionId = '', recipientId = '', deviceId = '', attempt = '1'] = deliveryId.split('.');
  const type = deviceId.slice(deviceId.lastIndexOf(':') + 1);
  return { sessionId, recipientId, deviceId, attempt: Number(attempt) || 1, channel: deviceId.includes(':') ? type : deviceId.toUpperCase() };
}

/** The status moves only forward (delivery-status.ts); the other fields change with it. */
const advanced =
  (status: DeliveryStatus, at: string, fields: Partial<MessageDeliveryDocument> = {}): Apply =>
  (current) => {
    if (!current) return null;
    const next = advanceDeliveryStatus(current.status, status);
    return next === current.status ? current : { ...current, ...fields, status: next, updated_at: at };
  };

function outcomeChanges(outcome: DispatchOutcome, at: string): [string, Apply][] {
  const provider = { provider: outcome.provider, provider_message_id: outcome.providerMessageId ?? null };
  switch (outcome.kind) {
    case 'accepted':
      return [[outcome.deliveryId, advanced(outcome.awaitingReport ? 'submitted' : 'delivered', at, provider)]];
    case 'unknown':
      return [[outcome.deliveryId, advanced('unknown', at, { ...provider, reason: outcome.reason ?? null })]];
    case 'refused':
    case 'throttled': {
      if (!outcome.retryAs) return [[outcome.deliveryId, advanced('failed', at, { ...provider, reason: outcome.reason ?? null })]];
      const retry = partsOf(outcome.retryAs);
      const next: MessageDeliveryDocument = {
        _id: outcome.retryAs,
        session_id: retry.sessionId,
        recipient_id: retry.recipientId,
        device_id: retry.deviceId,
        channel: retry.channel,
        address: null,
        attempt: retry.attempt,
        status: 'queued',
        superseded: false,
        provider: null,
        provider_message_id: null,
        reason: null,
        reply: null,
        queued_at: at,
        updated_at: at,
      };
      const superseded: Apply = (current) => current && { ...advanced('failed', at, { ...provider, reason: outcome.reason ?? null })(current)!, superseded: true };
      return [
        [outcome.deliveryId, superseded],
        [outcome.retryAs, (current) => current ?? next],
      ];
    }
  }
}

function changesOf(event: DeliveryEvent, at: string): [string, Apply][] {
  switch (event.type) {
    case 'MessageSessionPageQueued':
      return event.data.deliveries.map((delivery) => [
        delivery.deliveryId,
        (current) =>
          current ?? {
            _id: delivery.deliveryId,
            session_id: event.data.sessionId,
            recipient_id: delivery.recipientId,
            device_id: delivery.deviceId,
            channel: delivery.channel,
            address: delivery.address,
            attempt: 1,
            status: 'queued',
            superseded: false,
            provider: null,
            provider_message_id: null,
            reason: null,
            reply: null,
            queued_at: event.data.at,
            updated_at: event.data.at,
          },
      ]);
    case 'DispatchesClaimed':
    case 'DispatchesInDoubt':
      // A claim is the ledger's business: the delivery shows as queued until its provider answers (one write less per delivery).
      return [];
    case 'DispatchesSent':
      return event.data.outcomes.flatMap((outcome) => outcomeChanges(outcome, event.data.at));
    case 'DispatchesDeadLettered':
      return event.data.deliveryIds.map((id) => [id, advanced('failed', event.data.at, { reason: `${event.data.reason} Set aside for an admin to retry.` })]);
    case 'DeliveriesReported':
      return event.data.reports.map((report) => [
        report.deliveryId,
        advanced(report.status, report.at || at, {
          provider_message_id: report.providerMessageId,
          ...(report.reason === undefined ? {} : { reason: report.reason }),
          ...(report.reply === undefined ? {} : { reply: report.reply }),
        }),
      ]);
  }
}

/**
 * One document per delivery, from the plan's pages, the dispatch ledger and the providers' reports,
 * each status moving only forward: the session's progress is a count over them, and the session
 * reports read them.
 */
export const messageDeliveriesProjection: ProjectionDefinition = {
  name: MESSAGE_DELIVERIES_PROJECTION,
  collections: [MESSAGE_DELIVERIES],
  indexes: { [MESSAGE_DELIVERIES]: MESSAGE_DELIVERY_INDEXES },
  project(recorded: RecordedEvent): DocumentChange[] {
    if (!DELIVERY_EVENTS.has(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as DeliveryEvent;
    const tenantId = String(recorded.metadata.tenantId);
    // One change per delivery: two changes of one document in one event would each see the document as it was.
    const byId = new Map<string, Apply[]>();
    for (const [id, apply] of changesOf(event, recorded.recordedAt)) byId.set(id, [...(byId.get(id) ?? []), apply]);
    return [...byId].map(([id, applies]) => ({
      collection: MESSAGE_DELIVERIES,
      tenantId,
      id,
      apply: (current) => applies.reduce<MessageDeliveryDocument | null>((document, apply) => apply(document), current as MessageDeliveryDocument | null),
    }));
  },
  liveUpdate(recorded: RecordedEvent) {
    if (!DELIVERY_EVENTS.has(recorded.type) || recorded.type === 'MessageSessionPageQueued') return null;
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
