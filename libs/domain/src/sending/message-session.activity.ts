import { describedAs, type AggregateActivity } from '../shared/activity';
import type { MESSAGE_SESSION_EVENT_VERSIONS } from './message-session.events';
import type { MESSAGE_SESSION_PAGE_EVENT_VERSIONS } from './message-session-page';
import type { DELIVERY_REPORT_EVENT_VERSIONS } from './delivery-reports';
import type { MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS } from './message-session-follow-up-page';
import type { MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS } from './conference';
import type { CONFERENCE_RECORDING_EVENT_VERSIONS } from './conference-recording';

const nameOf = (data: unknown) => {
  const scenario = (data as { scenario?: { scenario_name?: unknown } }).scenario;
  if (typeof scenario?.scenario_name !== 'string') throw new TypeError('scenario.scenario_name is not a string');
  return scenario.scenario_name;
};

/** How the activity log tells message sessions. */
export const messageSessionActivity: AggregateActivity<
  | keyof typeof MESSAGE_SESSION_EVENT_VERSIONS
  | keyof typeof MESSAGE_SESSION_PAGE_EVENT_VERSIONS
  | keyof typeof MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS
  | keyof typeof DELIVERY_REPORT_EVENT_VERSIONS
  | keyof typeof MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS
  | keyof typeof CONFERENCE_RECORDING_EVENT_VERSIONS
> = {
  MessageSessionScheduled: (f, event) =>
    describedAs('message', `Scheduled message ${nameOf(event.data)} for ${f.string('scheduledFor')}`, {
      session_id: f.string('sessionId'),
      scenario_id: f.stringOrNull('scenarioId'),
      customer_group_id: f.string('customerGroupId'),
    }),
  MessageSessionStarted: (f, event) =>
    describedAs('message', `Sent message ${nameOf(event.data)}`, {
      session_id: f.string('sessionId'),
      scenario_id: f.stringOrNull('scenarioId'),
      customer_group_id: f.string('customerGroupId'),
    }),
  MessageSessionPageQueued: (f) =>
    describedAs('dispatch', 'Queued message deliveries', { session_id: f.string('sessionId'), deliveries: f.length('deliveries') }),
  MessageSessionPlanned: (f) => describedAs('message', 'Every recipient of a message was queued', { session_id: f.string('sessionId') }),
  MessageSessionCompleted: (f) => describedAs('message', 'A message session finished', { session_id: f.string('sessionId') }),
  DeliveriesReported: (f) => describedAs('dispatch', 'Providers reported on message deliveries', { session_id: f.string('sessionId'), reports: f.length('reports') }),
  MessageSessionCancelled: (f) => describedAs('message', 'Cancelled a scheduled message', { session_id: f.string('sessionId') }),
  MessageSessionRescheduled: (f) =>
    describedAs('message', `Moved a scheduled message from ${f.string('from')} to ${f.string('scheduledFor')}: ${f.string('reason')}`, {
      session_id: f.string('sessionId'),
      scheduled_for: f.string('scheduledFor'),
    }),
  MessageSessionQuickReportDue: (f) => describedAs('message', "A message's quick report is being sent", { session_id: f.string('sessionId') }),
  MessageSessionRefused: (f) => describedAs('message', `Refused a message: ${f.string('reason')}`, { session_id: f.string('sessionId') }),
  MessageSessionSkipped: (f) =>
    describedAs('message', `Did not send a scheduled message: ${f.string('reason')}`, { session_id: f.string('sessionId'), scheduled_for: f.string('scheduledFor') }),
  MessageSessionFollowUpStarted: (f) => {
    const kind = f.string('kind');
    const summary =
      kind === 'resend' ? `Resent a message to recipients with the reply ${f.string('reply')}` : kind === 'auto_retry' ? 'Retried a message to recipients who had not answered' : "Sent a sequence's next device to recipients who had not answered";
    return describedAs('message', summary, { session_id: f.string('sessionId'), follow_up: f.count('followUp'), kind });
  },
  MessageSessionFollowUpPlanned: (f) =>
    describedAs('message', 'Every delivery of a follow-up was queued', { session_id: f.string('sessionId'), follow_up: f.count('followUp'), deliveries: f.count('deliveries') }),
  MessageSessionConferencePrepared: (f) => describedAs('dispatch', "Prepared a conference message's calls", { session_id: f.string('sessionId') }),
  ConferenceRecordingSaved: (f) => describedAs('dispatch', "Kept a recording of a conference message's bridge", { session_id: f.string('sessionId'), recording_id: f.string('recordingId') }),
  MessageSessionFollowUpPageQueued: (f) =>
    describedAs('dispatch', 'Queued follow-up deliveries', { session_id: f.string('sessionId'), follow_up: f.count('followUp'), deliveries: f.length('deliveries') }),
};
