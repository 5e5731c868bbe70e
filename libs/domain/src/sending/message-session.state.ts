import type { FollowUpKind, ResendReply } from './follow-up';
import type { MessageSessionEvent, MessageSessionOrigin } from './message-session.events';

/**
 * skipped: a scheduled session whose day its holiday or weekend check found, with rescheduling off.
 * refused: a started session a daily quota stopped before anything was queued.
 */
export type MessageSessionStatus = 'scheduled' | 'planning' | 'sending' | 'complete' | 'cancelled' | 'skipped' | 'refused';

/** A follow-up of the session (follow-up.ts), pending until its deliveries are all queued. */
export interface FollowUpRecord {
  readonly followUp: number;
  readonly kind: FollowUpKind;
  readonly step: number | null;
  readonly reply: ResendReply | null;
  readonly startedAt: string;
  /** Deliveries it queued, once planned (null while pending). */
  readonly deliveries: number | null;
}

export type MessageSessionState =
  | { readonly status: 'none' }
  | {
      readonly status: MessageSessionStatus;
      readonly origin: MessageSessionOrigin;
      readonly scheduledFor: string | null;
      readonly startedAt: string | null;
      readonly deliveries: number | null;
      /** When every recipient of the plan was queued. */
      readonly plannedAt: string | null;
      /** The devices the plan sends on (null before planned, or planned before this was recorded). */
      readonly devices: number | null;
      readonly followUps: readonly FollowUpRecord[];
      /** Its quick report is due (sent once, whatever completes it again later). */
      readonly quickReportDue?: boolean;
    };

export const initialMessageSessionState = (): MessageSessionState => ({ status: 'none' });

const originOf = ({ sessionId, scenarioId, customerGroupId, senderUserId, scenario, timeoutSeconds }: MessageSessionOrigin): MessageSessionOrigin => ({
  sessionId,
  scenarioId,
  customerGroupId,
  senderUserId,
  scenario,
  timeoutSeconds,
});

/** The follow-ups still being queued, first begun first. */
export const pendingFollowUps = (state: MessageSessionState): readonly FollowUpRecord[] =>
  state.status === 'none' ? [] : state.followUps.filter((followUp) => followUp.deliveries === null);

export function evolveMessageSession(state: MessageSessionState, event: MessageSessionEvent): MessageSessionState {
  switch (event.type) {
    case 'MessageSessionScheduled':
      return { status: 'scheduled', origin: originOf(event.data), scheduledFor: event.data.scheduledFor, startedAt: null, deliveries: null, plannedAt: null, devices: null, followUps: [] };
    case 'MessageSessionStarted':
      return {
        status: 'planning',
        origin: originOf(event.data),
        scheduledFor: state.status === 'none' ? null : state.scheduledFor,
        startedAt: event.data.at,
        deliveries: null,
        plannedAt: null,
        devices: null,
        followUps: [],
      };
    case 'MessageSessionPlanned':
      return state.status === 'none' ? state : { ...state, status: 'sending', deliveries: event.data.deliveries, plannedAt: event.data.at, devices: event.data.devices ?? null };
    case 'MessageSessionCompleted':
      return state.status === 'none' ? state : { ...state, status: 'complete' };
    case 'MessageSessionCancelled':
      return state.status === 'none' ? state : { ...state, status: 'cancelled' };
    case 'MessageSessionRescheduled':
      return state.status === 'none' ? state : { ...state, scheduledFor: event.data.scheduledFor };
    case 'MessageSessionSkipped':
      return state.status === 'none' ? state : { ...state, status: 'skipped' };
    case 'MessageSessionRefused':
      return state.status === 'none' ? state : { ...state, status: 'refused' };
    case 'MessageSessionQuickReportDue':
      return state.status === 'none' ? state : { ...state, quickReportDue: true };
    case 'MessageSessionFollowUpStarted': {
      if (state.status === 'none') return state;
      const { followUp, kind, step, reply, at } = event.data;
      return { ...state, status: 'sending', followUps: [...state.followUps, { followUp, kind, step, reply, startedAt: at, deliveries: null }] };
    }
    case 'MessageSessionFollowUpPlanned':
      return state.status === 'none'
        ? state
        : { ...state, followUps: state.followUps.map((followUp) => (followUp.followUp === event.data.followUp ? { ...followUp, deliveries: event.data.deliveries } : followUp)) };
  }
}
