import type { MessageSessionEvent, MessageSessionOrigin } from './message-session.events';

export type MessageSessionStatus = 'scheduled' | 'planning' | 'sending' | 'complete' | 'cancelled';

export type MessageSessionState =
  | { readonly status: 'none' }
  | {
      readonly status: MessageSessionStatus;
      readonly origin: MessageSessionOrigin;
      readonly scheduledFor: string | null;
      readonly startedAt: string | null;
      readonly deliveries: number | null;
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

export function evolveMessageSession(state: MessageSessionState, event: MessageSessionEvent): MessageSessionState {
  switch (event.type) {
    case 'MessageSessionScheduled':
      return { status: 'scheduled', origin: originOf(event.data), scheduledFor: event.data.scheduledFor, startedAt: null, deliveries: null };
    case 'MessageSessionStarted':
      return {
        status: 'planning',
        origin: originOf(event.data),
        scheduledFor: state.status === 'none' ? null : state.scheduledFor,
        startedAt: event.data.at,
        deliveries: null,
      };
    case 'MessageSessionPlanned':
      return state.status === 'none' ? state : { ...state, status: 'sending', deliveries: event.data.deliveries };
    case 'MessageSessionCompleted':
      return state.status === 'none' ? state : { ...state, status: 'complete' };
    case 'MessageSessionCancelled':
      return state.status === 'none' ? state : { ...state, status: 'cancelled' };
  }
}
