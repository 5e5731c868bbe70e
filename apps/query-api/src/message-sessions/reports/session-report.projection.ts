import {
  type DeadLettersRetried,
  type DeliveriesReported,
  type DispatchEvent,
  type DispatchOutcome,
  type MessageSessionFollowUpPageQueued,
  type MessageSessionPageQueued,
  type MessageSessionPlanned,
  type PlannedDelivery,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import type { DocumentChange } from '@beacon/read-store';
import {
  MESSAGE_SESSION_RECIPIENT_INDEXES,
  MESSAGE_SESSION_RECIPIENTS,
  MESSAGE_SESSION_REPORTS,
  SESSION_REPORT_PROJECTION,
  type MessageSessionRecipientDocument,
  type MessageSessionReportDocument,
} from '../../shared/read-models/session-report.read-model';
import { deliveryParts, lineWith, newLine, recipientLineId, settled, type AttemptNews } from './recipient-line';
import { countedUnder, reportCountsAfter, type ReportKeys } from './report-counts';

type Change = (line: MessageSessionRecipientDocument) => MessageSessionRecipientDocument;

const SESSION_STARTS = new Set(['MessageSessionScheduled', 'MessageSessionStarted']);
const LINE_EVENTS = new Set(['MessageSessionPageQueued', 'DispatchesSent', 'DispatchesDeadLettered', 'DeliveriesReported', 'DeadLettersRetried', 'MessageSessionFollowUpPageQueued']);
type LineEvent = MessageSessionPageQueued | DispatchEvent | DeliveriesReported | DeadLettersRetried | MessageSessionFollowUpPageQueued;

const news = (deliveryId: string, value: AttemptNews): [string, Change] => [deliveryId, (line) => lineWith(line, deliveryId, { news: value })];

function outcomeChanges(outcome: DispatchOutcome, at: string): [string, Change][] {
  const known = { at, provider: outcome.failover?.to ?? outcome.provider, address: outcome.address ?? null };
  const id = outcome.deliveryId;
  switch (outcome.kind) {
    case 'accepted':
      return [news(id, { ...known, status: outcome.awaitingReport ? 'submitted' : 'delivered' })];
    case 'unknown':
      return [news(id, { ...known, status: 'unknown', reason: outcome.reason ?? null, ...(outcome.final ? { final: true } : {}) })];
    case 'refused':
    case 'throttled': {
      const failed = news(id, { ...known, status: 'failed', reason: outcome.reason ?? null });
      if (!outcome.retryAs) return [failed];
      const retryAs = outcome.retryAs;
      // The next attempt takes the device's place: the person waits for its answer.
      return [failed, [id, (line) => lineWith(line, retryAs, { attempt: attemptOf(line, id, retryAs), at })]];
    }
  }
}

/** A new attempt of the device a delivery went out on, to the same address. */
function attemptOf(line: MessageSessionRecipientDocument, deliveryId: string, nextId: string): Pick<PlannedDelivery, 'deliveryId' | 'deviceId' | 'channel' | 'address'> {
  const { deviceId } = deliveryParts(deliveryId);
  const device = line.devices.find((candidate) => candidate.device_id === deviceId);
  return { deliveryId: nextId, deviceId, channel: (device?.channel ?? '') as PlannedDelivery['channel'], address: device?.address ?? '' };
}

/** Each delivery event's changes to the people's lines, by the delivery they concern. */
function changesOf(event: Exclude<LineEvent, MessageSessionPageQueued>, at: string): [string, Change][] {
  switch (event.type) {
    case 'DispatchesClaimed':
    case 'DispatchesInDoubt':
    case 'DispatchesHandedOver':
      return [];
    case 'DispatchesSent':
      return event.data.outcomes.flatMap((outcome) => outcomeChanges(outcome, event.data.at));
    case 'DispatchesDeadLettered':
      return event.data.deliveryIds.map((id) => news(id, { status: 'failed', at: event.data.at, reason: `${event.data.reason} Set aside for an admin to retry.` }));
    case 'DeadLettersRetried':
      return event.data.retries.map(({ deliveryId, retryAs }) => [deliveryId, (line) => lineWith(line, retryAs, { attempt: attemptOf(line, deliveryId, retryAs), at: event.data.at })]);
    case 'MessageSessionFollowUpPageQueued':
      return event.data.deliveries.map((delivery) => [delivery.deliveryId, (line) => lineWith(line, delivery.deliveryId, { attempt: delivery, at: event.data.at })]);
    case 'DeliveriesReported':
      return event.data.reports.map((report) =>
        news(report.deliveryId, {
          status: report.status,
          at: report.at || at,
          ...(report.reason === undefined ? {} : { reason: report.reason }),
          ...(report.reply === undefined ? {} : { reply: report.reply }),
          ...(report.replyDigit === undefined ? {} : { replyDigit: report.replyDigit }),
        }),
      );
  }
}

/** The lines a page of the plan makes: each person on it, with their devices queued. */
function pageLines(page: MessageSessionPageQueued['data']): [string, MessageSessionRecipientDocument][] {
  const byPerson = new Map<string, PlannedDelivery[]>();
  for (const delivery of page.deliveries) byPerson.set(delivery.recipientId, [...(byPerson.get(delivery.recipientId) ?? []), delivery]);
  const people = page.people ?? [...byPerson.keys()].map((id) => ({ id, name: null }));
  return people.map((person) => [person.id, newLine(page.sessionId, page.page, person, byPerson.get(person.id) ?? [], page.conference === true, page.at)]);
}

function reportStarted(recorded: RecordedEvent): DocumentChange {
  const sessionId = (recorded.data as { sessionId: string }).sessionId;
  return {
    collection: MESSAGE_SESSION_REPORTS,
    tenantId: String(recorded.metadata.tenantId),
    id: sessionId,
    derived: true,
    apply: (current) =>
      current ?? ({ _id: sessionId, session_id: sessionId, excluded: 0, states: {}, replies: {}, reply_minutes: {}, choices: {}, channels: [] } satisfies MessageSessionReportDocument),
  };
}

function reportPlanned(recorded: RecordedEvent): DocumentChange[] {
  const { sessionId, excluded } = recorded.data as MessageSessionPlanned['data'];
  if (!excluded) return [];
  return [
    {
      collection: MESSAGE_SESSION_REPORTS,
      tenantId: String(recorded.metadata.tenantId),
      id: sessionId,
      apply: (current) => current && { ...current, excluded },
    },
  ];
}

/**
 * One line per person sent to, made by the plan's pages and moved by every delivery event, and one
 * report per session counting the lines by state, by reply and replies by the minute. As with the
 * session's progress (message-deliveries.projection.ts), each line change notes the keys it counted
 * under before and after, and the session's report change after them moves its counts by those notes;
 * a store that cannot write an event's changes at once writes the derived report first, so a replay
 * after a crash in between counts nothing twice.
 */
export const sessionReportProjection: ProjectionDefinition = {
  name: SESSION_REPORT_PROJECTION,
  collections: [MESSAGE_SESSION_RECIPIENTS, MESSAGE_SESSION_REPORTS],
  indexes: { [MESSAGE_SESSION_RECIPIENTS]: MESSAGE_SESSION_RECIPIENT_INDEXES },
  // A line per person is as many writes as the deliveries themselves: it trails a broadcast rather than slowing it.
  background: true,
  project(recorded: RecordedEvent): DocumentChange[] {
    if (SESSION_STARTS.has(recorded.type)) return [reportStarted(recorded)];
    if (recorded.type === 'MessageSessionPlanned') return reportPlanned(recorded);
    if (!LINE_EVENTS.has(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as LineEvent;
    const tenantId = String(recorded.metadata.tenantId);
    const moves = new Map<string, [ReportKeys | null, ReportKeys | null][]>();
    const noted = (sessionId: string) => {
      if (!moves.has(sessionId)) moves.set(sessionId, []);
      return moves.get(sessionId)!;
    };
    const changes: DocumentChange[] = [];
    if (event.type === 'MessageSessionPageQueued') {
      const notes = noted(event.data.sessionId);
      for (const [recipientId, line] of pageLines(event.data)) {
        changes.push({
          collection: MESSAGE_SESSION_RECIPIENTS,
          tenantId,
          id: recipientLineId(event.data.sessionId, recipientId),
          apply: (current) => {
            if (current) return current;
            notes.push([null, countedUnder(line)]);
            return line;
          },
        });
      }
    } else {
      // One change per line: two changes of one document in one event would each see the document as it was.
      const byLine = new Map<string, { sessionId: string; changes: Change[] }>();
      for (const [deliveryId, change] of changesOf(event, recorded.recordedAt)) {
        const { sessionId, recipientId } = deliveryParts(deliveryId);
        const id = recipientLineId(sessionId, recipientId);
        const entry = byLine.get(id) ?? { sessionId, changes: [] };
        entry.changes.push(change);
        byLine.set(id, entry);
      }
      for (const [id, { sessionId, changes: lineChanges }] of byLine) {
        const notes = noted(sessionId);
        changes.push({
          collection: MESSAGE_SESSION_RECIPIENTS,
          tenantId,
          id,
          apply: (current) => {
            // A delivery of nobody on a page (a page planned before lines were kept) has no line to move.
            if (!current) return null;
            const line = current as MessageSessionRecipientDocument;
            const next = settled(
              lineChanges.reduce((moved, change) => change(moved), line),
              recorded.recordedAt,
            );
            notes.push([countedUnder(line), countedUnder(next)]);
            return next;
          },
        });
      }
    }
    // The channels a page or a follow-up sends on (a sequence's later devices come with its follow-ups).
    const channels = 'deliveries' in event.data ? [...new Set(event.data.deliveries.map((delivery) => delivery.channel))] : [];
    for (const [sessionId, moved] of moves) {
      changes.push({
        collection: MESSAGE_SESSION_REPORTS,
        tenantId,
        id: sessionId,
        derived: true,
        // The notes are taken, so a store that applies the event again starts from the notes of that application.
        apply: (current) => {
          const taken = moved.splice(0);
          if (!current) return null;
          const report = current as MessageSessionReportDocument;
          const known = report.channels ?? [];
          const added = channels.filter((channel) => !known.includes(channel));
          return reportCountsAfter(added.length ? { ...report, channels: [...known, ...added] } : report, taken);
        },
      });
    }
    return changes;
  },
  liveUpdate(recorded: RecordedEvent) {
    if (!LINE_EVENTS.has(recorded.type)) return null;
    const sessionId = (recorded.data as { sessionId: string }).sessionId;
    const customerGroupId = recorded.metadata.customerGroupId;
    return {
      type: recorded.type,
      resource: MESSAGE_SESSION_REPORTS,
      id: sessionId,
      // Only which session moved: the lines carry address strings, which not every watcher may see.
      data: { session_id: sessionId },
      tenantId: String(recorded.metadata.tenantId),
      ...(typeof customerGroupId === 'string' ? { customerGroupId } : {}),
    };
  },
};
