import type { RouteDefinition } from './route-table';

/**
 * What the messaging providers post back to us: Twilio's status callbacks (one address per delivery,
 * which ends with the delivery's id), the SMS people send to our number (its incoming-message
 * webhook) and the key a called person presses to answer a poll (a call's Gather action, per delivery). Public: no token, the provider's signature instead. Served by the dispatch workers,
 * which record the reports; the gateway sends these paths to them.
 */
export const PROVIDER_CALLBACK_ROUTES = {
  twilioStatusCallback: { method: 'POST', path: '/api/provider_callback/twilio/status/:delivery_id', app: 'dispatch-worker', public: true },
  twilioIncomingMessage: { method: 'POST', path: '/api/provider_callback/twilio/reply', app: 'dispatch-worker', public: true },
  /** A conference message's call, answered and then its key pressed: the TwiML of the rest of the call. */
  twilioConferenceCall: { method: 'POST', path: '/api/provider_callback/twilio/conference/:delivery_id', app: 'dispatch-worker', public: true },
  twilioConferenceRecording: { method: 'POST', path: '/api/provider_callback/twilio/conference_recording/:session_id', app: 'dispatch-worker', public: true },
  twilioGather: { method: 'POST', path: '/api/provider_callback/twilio/gather/:delivery_id', app: 'dispatch-worker', public: true },
} as const satisfies Record<string, RouteDefinition>;
