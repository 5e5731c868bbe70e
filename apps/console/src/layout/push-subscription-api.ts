import { ROUTES, type PushSubscriptionRegisteredDto, type PushVapidKeyDto, type RegisterPushSubscriptionRequest } from '@beacon/contracts';
import type { ApiClient } from '../api/api-client';

/** The server's side of this browser's push messages (push-subscription.routes.ts). */
export const pushSubscriptionApi = (api: ApiClient) => ({
  vapidKey: () => api.send<PushVapidKeyDto>(ROUTES.pushVapidKey.method, ROUTES.pushVapidKey.path),
  register: (subscription: RegisterPushSubscriptionRequest) =>
    api.send<PushSubscriptionRegisteredDto>(ROUTES.registerPushSubscription.method, ROUTES.registerPushSubscription.path, subscription),
  remove: (endpoint: string) => api.send<void>(ROUTES.removePushSubscription.method, `${ROUTES.removePushSubscription.path}?endpoint=${encodeURIComponent(endpoint)}`),
});
