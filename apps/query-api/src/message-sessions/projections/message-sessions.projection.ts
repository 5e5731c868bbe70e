import type { DeadLettersRetried, DeliveriesReported, DispatchesDeadLettered, DispatchesSent, MessageSessionEvent, MessageSessionOrigin, MessageSessionPageQueued } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { followUpPageCounts, type MessageSessionFollowUpPageQueued } from '@beacon/domain';
import type { ProjectionDefinition } from '@beacon/projections';
import { SYSTEM_TENANT, type DocumentChange } from '@beacon/read-store';
import {
  MESSAGE_SESSIONS,
  MESSAGE_SESSIONS_PROJECTION,
  MESSAGE_SESSION_INDEXES,
  MESSAGE_SESSION_WORK,
  MESSAGE_SESSION_WORK_INDEXES,
  type MessageSessionDocument,
  type MessageSessionWorkDocument,
} from '../../shared/read-models/message-sessions.read-model';

type SessionEvent = MessageSessionEvent | MessageSessionPageQueued | MessageSessionFollowUpPageQueued;
type AnsweringEvent = DispatchesSent | DispatchesDeadLettered | DeliveriesReported | DeadLettersRetried;

const SESSION_EVENT = /^MessageSession[A-Z]/;
const ANSWERING_EVENTS = new Set(['DispatchesSent', 'DispatchesDeadLettered', 'DeliveriesReported', 'DeadLettersRetried']);

/**
 * How many deliveries an event gives their first answer (a retried one is answered by its last attempt):
 * an admin's retry of dead letters takes theirs back, for their new attempts to answer.
 */
function firstAnswers(event: AnsweringEvent): number {
  switch (event.type) {
    case 'DispatchesSent':
      return event.data.outcomes.filter((outcome) => !outcome.retryAs).length;
    case 'DispatchesDeadLettered':
      return event.data.deliveryIds.length;
    case 'DeliveriesReported':
      return event.data.reports.filter((report) => report.unanswered).length;
    case 'DeadLettersRetried':
      return -event.data.retries.length;
  }
}

function newSession(origin: MessageSessionOrigin, status: 'scheduled' | 'planning', scheduledFor: string | null, startedAt: string | null): MessageSessionDocument {
  const { scenario } = origin;
  return {
    _id: origin.sessionId,
    customer_group: origin.customerGroupId,
    scenario_id: origin.scenarioId,
    name: scenario.scenario_name,
    is_real: scenario.is_real,
    scenario_type: scenario.scenario_type,
    sender: origin.senderUserId,
    status,
    scheduled_for: scheduledFor,
    started_at: startedAt,
    planned_at: null,
    completed_at: null,
    recipients: 0,
    deliveries: 0,
    answered: 0,
    pages: 0,
    timeout_seconds: origin.timeoutSeconds,
  };
}

/** The change an event makes to its session's document (none to a session this read model never saw start). */
function changeOf(event: SessionEvent): (current: MessageSessionDocument | null) => MessageSessionDocument | null {
  switch (event.type) {
    case 'MessageSessionScheduled':
      return (current) => current ?? newSession(event.data, 'scheduled', event.data.scheduledFor, null);
    case 'MessageSessionStarted':
      return (current) =>
        current ? { ...current, status: current.status === 'scheduled' ? 'planning' : current.status, started_at: current.started_at ?? event.data.at } : newSession(event.data, 'planning', null, event.data.at);
    case 'MessageSessionPageQueued':
      return (current) =>
        current && { ...current, pages: current.pages + 1, recipients: current.recipients + event.data.recipients, deliveries: current.deliveries + event.data.deliveries.length };
    case 'MessageSessionPlanned':
      return (current) =>
        current && {
          ...current,
          status: current.status === 'planning' ? 'sending' : current.status,
          planned_at: event.data.at,
          recipients: event.data.recipients,
          deliveries: event.data.deliveries,
          pages: event.data.pages,
          follow_up_due: event.data.followUpDue ?? null,
        };
    case 'MessageSessionFollowUpStarted':
      // A complete session is sending again.
      return (current) => current && { ...current, status: 'sending', completed_at: null, follow_up_due: null };
    case 'MessageSessionFollowUpPageQueued': {
      // New devices are more deliveries; new attempts put answered ones back in the queue (their old attempts no longer count).
      const { added, reopened } = followUpPageCounts(event.data.deliveries);
      return (current) => current && { ...current, deliveries: current.deliveries + added, answered: (current.answered ?? 0) - reopened };
    }
    case 'MessageSessionFollowUpPlanned':
      // The timeout counts again from the moment a follow-up's deliveries were all queued (one that sent nothing changes nothing).
      return (current) =>
        current && { ...current, follow_up_due: event.data.followUpDue ?? null, ...(event.data.deliveries > 0 ? { follow_up_at: event.data.at } : {}) };
    case 'MessageSessionCompleted':
      return (current) => current && { ...current, status: 'complete', completed_at: event.data.at };
    case 'MessageSessionCancelled':
      return (current) => current && { ...current, status: 'cancelled', completed_at: event.data.at };
    case 'MessageSessionRescheduled':
      // The calendar shows it on its new day, saying why it moved.
      return (current) => current && { ...current, scheduled_for: event.data.scheduledFor, rescheduled_from: current.rescheduled_from ?? event.data.from, schedule_note: event.data.reason };
    case 'MessageSessionSkipped':
      return (current) => current && { ...current, status: 'skipped', completed_at: event.data.at, schedule_note: event.data.reason };
    case 'MessageSessionRefused':
      // The sending screen and the calendar say why, with the numbers.
      return (current) => current && { ...current, status: 'refused', completed_at: event.data.at, schedule_note: event.data.reason };
    case 'MessageSessionQuickReportDue':
      // The report is the quick-report work's (quick-report-work.projection.ts); the session is as it was.
      return (current) => current;
  }
}

/** The session's entry in the work list (none for a page). */
function workChange(event: SessionEvent, tenantId: string): DocumentChange | null {
  const entry = (status: MessageSessionWorkDocument['status'], scheduledFor: string | null, startedAt: string | null) => (): MessageSessionWorkDocument => ({
    _id: event.data.sessionId,
    tenant_id: tenantId,
    status,
    scheduled_for: scheduledFor,
    started_at: startedAt,
  });
  const change = (apply: (current: MessageSessionWorkDocument | null) => MessageSessionWorkDocument | null): DocumentChange => ({
    collection: MESSAGE_SESSION_WORK,
    tenantId: SYSTEM_TENANT,
    id: event.data.sessionId,
    apply: (current) => apply(current as MessageSessionWorkDocument | null),
  });
  switch (event.type) {
    case 'MessageSessionScheduled':
      return change(entry('scheduled', event.data.scheduledFor, null));
    case 'MessageSessionStarted':
      return change(entry('planning', null, event.data.at));
    case 'MessageSessionPlanned':
      return change((current) => current && { ...current, status: 'sending', follow_up_due: event.data.followUpDue ?? null });
    case 'MessageSessionCompleted':
      // A complete session with its auto-retry to come waits in the list for it.
      return change((current) => (current?.follow_up_due ? { ...current, status: 'waiting' } : null));
    case 'MessageSessionCancelled':
    case 'MessageSessionSkipped':
    case 'MessageSessionRefused':
      return change(() => null);
    case 'MessageSessionRescheduled':
      // Due again at its new time (the poller checks that day too).
      return change((current) => current && { ...current, scheduled_for: event.data.scheduledFor });
    case 'MessageSessionFollowUpStarted':
      // A complete session comes back to the work list.
      return change((current) => {
        const entry = current ?? { _id: event.data.sessionId, tenant_id: tenantId, status: 'sending' as const, scheduled_for: null, started_at: event.data.at };
        return { ...entry, status: 'sending', pending_follow_ups: (entry.pending_follow_ups ?? 0) + 1, follow_up_due: null };
      });
    case 'MessageSessionFollowUpPlanned':
      return change((current) => current && { ...current, pending_follow_ups: Math.max(0, (current.pending_follow_ups ?? 0) - 1), follow_up_due: event.data.followUpDue ?? null });
    case 'MessageSessionPageQueued':
    case 'MessageSessionFollowUpPageQueued':
    case 'MessageSessionQuickReportDue':
      return null;
  }
}

/** GET /api/scenario/run_result/{id}/, the planner's and the due-time poller's work lists, and (later) the session reports. */
export const messageSessionsProjection: ProjectionDefinition = {
  name: MESSAGE_SESSIONS_PROJECTION,
  collections: [MESSAGE_SESSIONS, MESSAGE_SESSION_WORK],
  indexes: { [MESSAGE_SESSIONS]: MESSAGE_SESSION_INDEXES, [MESSAGE_SESSION_WORK]: MESSAGE_SESSION_WORK_INDEXES },
  project(recorded: RecordedEvent): DocumentChange[] {
    if (ANSWERING_EVENTS.has(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as AnsweringEvent;
      const answers = firstAnswers(event);
      if (!answers) return [];
      return [
        {
          collection: MESSAGE_SESSIONS,
          tenantId: String(recorded.metadata.tenantId),
          id: event.data.sessionId,
          apply: (current) => current && { ...(current as MessageSessionDocument), answered: ((current as MessageSessionDocument).answered ?? 0) + answers },
        },
      ];
    }
    if (!SESSION_EVENT.test(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as SessionEvent;
    const tenantId = String(recorded.metadata.tenantId);
    const apply = changeOf(event);
    const session: DocumentChange = {
      collection: MESSAGE_SESSIONS,
      tenantId,
      id: event.data.sessionId,
      apply: (current) => apply(current as MessageSessionDocument | null),
    };
    const work = workChange(event, tenantId);
    return work ? [session, work] : [session];
  },
  liveUpdate(recorded: RecordedEvent, documents) {
    if (!SESSION_EVENT.test(recorded.type)) return null;
    const document = documents[0] as MessageSessionDocument | undefined;
    if (!document) return null;
    return {
      type: recorded.type,
      resource: MESSAGE_SESSIONS,
      id: document._id,
      data: { status: document.status, recipients: document.recipients, deliveries: document.deliveries },
      tenantId: String(recorded.metadata.tenantId),
      customerGroupId: document.customer_group,
    };
  },
};
