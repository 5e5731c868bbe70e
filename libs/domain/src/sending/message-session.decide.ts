import { checkedScenarioDraft } from '../message/scenario.decide';
import type { Decider } from '../shared/decider';
import { illegalState, notFound, validationError } from '../shared/domain-errors';
import type { MessageSessionCommand, ScheduleMessageSession, StartMessageSession } from './message-session.commands';
import type { MessageSessionOrigin } from './message-session.events';
import type { MessageSessionEvent } from './message-session.events';
import { evolveMessageSession, initialMessageSessionState, type MessageSessionState } from './message-session.state';

export const MESSAGE_SESSION_NOT_FOUND = 'No such message session.';
export const SCHEDULE_IN_THE_PAST = 'The time to send must be in the future.';
export const NOT_SCHEDULED = 'This message session is not scheduled: it has started, finished or been cancelled.';

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
      if (state.status !== 'scheduled') return [];
      return [{ type: 'MessageSessionStarted', data: { ...state.origin, at: command.data.at } }];
    case 'RecordMessageSessionPlanned':
      if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
      return state.status === 'planning' ? [{ type: 'MessageSessionPlanned', data: { sessionId: state.origin.sessionId, ...command.data } }] : [];
    case 'CompleteMessageSession':
      if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
      return state.status === 'sending' ? [{ type: 'MessageSessionCompleted', data: { sessionId: state.origin.sessionId, at: command.data.at } }] : [];
    case 'CancelMessageSession':
      if (state.status === 'none') throw notFound(MESSAGE_SESSION_NOT_FOUND);
      if (state.status === 'cancelled') return [];
      if (state.status !== 'scheduled') throw illegalState(NOT_SCHEDULED);
      return [{ type: 'MessageSessionCancelled', data: { sessionId: state.origin.sessionId, at: command.data.at } }];
  }
}

export const messageSessionDecider: Decider<MessageSessionCommand, MessageSessionEvent, MessageSessionState> = {
  decide: decideMessageSession,
  evolve: evolveMessageSession,
  initialState: initialMessageSessionState,
};

export const messageSessionStream = (sessionId: string) => `message_session-${sessionId}`;
