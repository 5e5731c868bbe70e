import { quotaRefusalText } from '../organisation/daily-quotas';
import { checkedScenarioDraft } from '../message/scenario.decide';
import type { Decider } from '../shared/decider';
import { illegalState, notFound, validationError } from '../shared/domain-errors';
import { nextFollowUp } from './follow-up-timers';
import type {
  MessageSessionCommand,
  RecordFollowUpPlanned,
  RecordMessageSessionPlanned,
  ResendMessageSession,
  ScheduleMessageSession,
  StartDueFollowUp,
  StartMessageSession,
  StartScheduledMessageSession,
} from './message-session.commands';
import { scheduledSendDay } from './scheduled-send-day';
import type { MessageSessionCompleted, MessageSessionOrigin } from './message-session.events';
import type { MessageSessionEvent } from './message-session.events';
import { evolveMessageSession, initialMessageSessionState, pendingFollowUps, type MessageSessionState } from './message-session.state';

export const MESSAGE_SESSION_NOT_FOUND = 'No such message session.';
export const SCHEDULE_IN_THE_PAST = 'The time to send must be in the future.';
export const NOT_SCHEDULED = 'This message session is not scheduled: it has started, finished or been cancelled.';
export const NOT_SENT_YET = 'This message has not been sent yet: there is nobody to resend it to.';
export const STILL_PLANNING = 'This message is still being queued for its recipients: resend it once every recipient has been queued.';

/** What the session keeps of the message: the draft as checked, every rule of a save applied (the name's uniqueness aside). */
function originOf(data: StartMessageSession['data'] | ScheduleMessageSession['data']): MessageSessionOrigin {
  const { sessionId, scenarioId, customerGroupId, senderUserId, timeoutSeconds } = data;
  const scenario = checkedScenarioDraft(data.scenario, { ...data.catalogue, nameTaken: false }, scenarioId ?? undefined);
  return { sessionId, scenarioId, customerGroupId, senderUserId, scenario, timeoutSeconds };
}

/**
 * A message session: started at once or scheduled, then planned (every delivery queued), then
 * complete. Each step happens once: a repeated or late command records nothing, so the planner,
 * the due-time poller and the completion check may all run more than once.
 */
export function decideMessageSession(command: MessageSessionCommand, state: MessageSessionState): MessageSessionEvent[] {
  switch (command.type) {
    case 'StartMessageSession':
      return state.status === 'none' ? [{ type: 'MessageSessionStarted', data: { ...originOf(command.data), at: command.data.at } }] : [];
    case 'ScheduleMessageSession':
      if (state.status !== 'none') return [];
      if (Date.parse(command.data.scheduledFor) <= Date.parse(command.data.at)) throw validationError(SCHEDULE_IN_THE_PAST, { scheduled_for: [SCHEDULE_IN_THE_PAST] });
      return [{ type: 'MessageSessionScheduled', data: { ...originOf(command.data), scheduledFor: command.data.scheduledFor, at: command.data.at } }];
    case 'StartScheduledMessageSession':
      return startScheduled(command, state);
    case 'RecordMessageSessionPlanned':
      return planned(command, state);
    case 'CompleteMessageSession':
      if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
      // Not while a follow-up is being queued or a sequence has a step to come; the auto-retry reopens a complete session.
      if (state.status !== 'sending' || pendingFollowUps(state).length || nextFollowUp(state)?.kind === 'sequence') return [];
      return withQuickReport(state, { type: 'MessageSessionCompleted', data: { sessionId: state.origin.sessionId, at: command.data.at } });
    case 'CancelMessageSession':
      if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
      if (state.status === 'cancelled') return [];
      if (state.status !== 'scheduled') throw illegalState(NOT_SCHEDULED);
      return [{ type: 'MessageSessionCancelled', data: { sessionId: state.origin.sessionId, at: command.data.at } }];
    case 'ResendMessageSession':
      return resend(command, state);
    case 'StartDueFollowUp':
      return dueFollowUp(command, state);
    case 'RecordFollowUpPlanned':
      return followUpPlanned(command, state);
    case 'RefuseMessageSession':
      if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
      // Only before its plan is recorded: once queued, a session goes out.
      if (state.status !== 'planning') return [];
      return [{ type: 'MessageSessionRefused', data: { sessionId: state.origin.sessionId, reason: quotaRefusalText(command.data.quota), quota: command.data.quota, at: command.data.at } }];
  }
}

export const SUSPENDED_WHEN_DUE = 'The organisation was suspended when this message fell due, so it was not sent.';

/**
 * A scheduled session falls due: it starts, unless its holiday and weekend checks find the day it was
 * scheduled for (in the group's time zone; the day it was meant for, however late the poller comes):
 * then it moves to the same time on the next day no check finds, or, with rescheduling off, is skipped.
 * A moved session is checked again when it falls due at its new time.
 */
function startScheduled(command: StartScheduledMessageSession, state: MessageSessionState): MessageSessionEvent[] {
  if (state.status !== 'scheduled' || state.scheduledFor === null) return [];
  const { at, timezone } = command.data;
  if (command.data.suspended) {
    const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(state.scheduledFor));
    return [{ type: 'MessageSessionSkipped', data: { sessionId: state.origin.sessionId, scheduledFor: state.scheduledFor, reasons: ['suspended'], localDate, holidays: [], reason: SUSPENDED_WHEN_DUE, at } }];
  }
  const move = scheduledSendDay(state.origin.scenario.holiday, state.scheduledFor, timezone);
  if (!move) return [{ type: 'MessageSessionStarted', data: { ...state.origin, at } }];
  const sessionId = state.origin.sessionId;
  const finding = { reasons: move.reasons, localDate: move.localDate, holidays: move.holidays, reason: move.reason };
  if (move.outcome === 'reschedule' && move.rescheduledAt) {
    return [{ type: 'MessageSessionRescheduled', data: { sessionId, from: state.scheduledFor, scheduledFor: move.rescheduledAt, ...finding, at } }];
  }
  return [{ type: 'MessageSessionSkipped', data: { sessionId, scheduledFor: state.scheduledFor, ...finding, at } }];
}

/**
 * The completion, and the quick report due with it (spec §3 "Quick report") when the message asks for
 * one and nothing more is to come on a timer (an auto-retry waiting reports after it): once per
 * session, so a resend that completes it again sends no second report.
 */
function withQuickReport(state: MessageSessionState, completed: MessageSessionCompleted): MessageSessionEvent[] {
  if (state.status === 'none' || state.quickReportDue) return [completed];
  const report = state.origin.scenario.quick_report;
  if (!report.send_quick_report || !report.recipients.length || nextFollowUp(evolveMessageSession(state, completed))) return [completed];
  return [completed, { type: 'MessageSessionQuickReportDue', data: { sessionId: state.origin.sessionId, at: completed.data.at } }];
}

/** The event with the session's next timer stamped on it, as the state after it says (so the work list can poll it). */
function withDue<E extends MessageSessionEvent & { data: { followUpDue?: string } }>(state: MessageSessionState, event: E): E[] {
  const due = nextFollowUp(evolveMessageSession(state, event))?.due;
  return [due === undefined ? event : { ...event, data: { ...event.data, followUpDue: due } }];
}

function planned(command: RecordMessageSessionPlanned, state: MessageSessionState): MessageSessionEvent[] {
  if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
  if (state.status !== 'planning') return [];
  return withDue(state, { type: 'MessageSessionPlanned', data: { sessionId: state.origin.sessionId, ...command.data } });
}

/**
 * A resend to the people with a reply label (spec §4 "Resend to recipients with no reply is available
 * from a session"): of a session sending or complete (a complete one is sending again until the new
 * attempts are answered or time out). Asked again while the same resend is still being queued, it
 * records nothing and answers the same session.
 */
function resend(command: ResendMessageSession, state: MessageSessionState): MessageSessionEvent[] {
  if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
  if (state.status === 'scheduled' || state.status === 'cancelled' || state.status === 'skipped' || state.status === 'refused') throw illegalState(NOT_SENT_YET);
  if (state.status === 'planning') throw illegalState(STILL_PLANNING);
  const { reply, requestedBy, at } = command.data;
  if (pendingFollowUps(state).some((followUp) => followUp.kind === 'resend' && followUp.reply === reply)) return [];
  return [{ type: 'MessageSessionFollowUpStarted', data: { sessionId: state.origin.sessionId, followUp: state.followUps.length + 1, kind: 'resend', step: null, reply, requestedBy, at } }];
}

/** The poller's tick: the next timed follow-up starts once its time has come, once. */
function dueFollowUp(command: StartDueFollowUp, state: MessageSessionState): MessageSessionEvent[] {
  if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
  const next = nextFollowUp(state);
  if (!next || Date.parse(next.due) > Date.parse(command.data.at)) return [];
  const { kind, step } = next;
  return [{ type: 'MessageSessionFollowUpStarted', data: { sessionId: state.origin.sessionId, followUp: state.followUps.length + 1, kind, step, reply: null, requestedBy: null, at: command.data.at } }];
}

function followUpPlanned(command: RecordFollowUpPlanned, state: MessageSessionState): MessageSessionEvent[] {
  if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
  if (!pendingFollowUps(state).some((followUp) => followUp.followUp === command.data.followUp)) return [];
  return withDue(state, { type: 'MessageSessionFollowUpPlanned', data: { sessionId: state.origin.sessionId, ...command.data } });
}

export const messageSessionDecider: Decider<MessageSessionCommand, MessageSessionEvent, MessageSessionState> = {
  decide: decideMessageSession,
  evolve: evolveMessageSession,
  initialState: initialMessageSessionState,
};

export const messageSessionStream = (sessionId: string) => `message_session-${sessionId}`;
