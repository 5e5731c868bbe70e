/**
 * This browser's side of push messages (the Push API), behind an interface so the switch can be tested
 * without one: the service worker that shows them (public/push-service-worker.js, served at
 * /ui/push-service-worker.js with the console's scope) and the browser's PushSubscription.
 */
export interface BrowserPush {
  /** Whether this browser can receive push messages at all (service workers, the Push API, notifications). */
  supported(): boolean;
  /** This browser's subscription, if it has one (as its toJSON() gives it). */
  current(): Promise<PushSubscriptionJSON | null>;
  /** Asks for permission to notify, registers the service worker and subscribes with the server's VAPID key. */
  subscribe(vapidPublicKey: string): Promise<PushSubscriptionJSON>;
  /** Unsubscribes; the endpoint it had (null when there was none). */
  unsubscribe(): Promise<string | null>;
}

/** Under the console's base path (spec: /ui/), so its scope is the console's pages. */
export const PUSH_SERVICE_WORKER = '/ui/push-service-worker.js';

/** Notifications were refused in this browser: the user has to allow them in its settings. */
export class PushPermissionDenied extends Error {}

/** The VAPID key (base64url) as the bytes pushManager.subscribe takes. */
export function applicationServerKeyOf(base64Url: string): Uint8Array {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER);
}

export const browserPush: BrowserPush = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  async current() {
    const subscription = await (await registration())?.pushManager.getSubscription();
    return subscription ? subscription.toJSON() : null;
  },
  async subscribe(vapidPublicKey) {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new PushPermissionDenied('Notifications are blocked for this site.');
    await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
    const ready = await navigator.serviceWorker.ready;
    const subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKeyOf(vapidPublicKey) as BufferSource });
    return subscription.toJSON();
  },
  async unsubscribe() {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (!subscription) return null;
    await subscription.unsubscribe();
    return subscription.endpoint;
  },
};
