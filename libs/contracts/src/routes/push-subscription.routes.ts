import type { RouteDefinition } from './route-table';

/**
 * Browser push subscriptions (spec part 2 §1 "PWA push", §3 use_pwa): the signed-in user's own browsers
 * register and remove their PushSubscription, and read the server's VAPID key to subscribe with. Any
 * signed-in user: a person gets push messages on their own browsers.
 */
export const PUSH_SUBSCRIPTION_ROUTES = {
  pushVapidKey: { method: 'GET', path: '/api/push_subscription/vapid_public_key/', app: 'query-api', guard: 'signedIn' },
  registerPushSubscription: { method: 'POST', path: '/api/push_subscription/', app: 'command-api', guard: 'signedIn' },
  removePushSubscription: { method: 'DELETE', path: '/api/push_subscription/', app: 'command-api', guard: 'signedIn' },
} as const satisfies Record<string, RouteDefinition>;
