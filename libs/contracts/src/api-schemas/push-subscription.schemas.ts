/** Browser push subscriptions (push-subscription.routes.ts): the VAPID key, and registering and removing a browser. */
import { z } from 'zod';
import type { PUSH_SUBSCRIPTION_ROUTES } from '../routes/push-subscription.routes';
import { described, json, named, noContent, type ApiFeature } from './api-schema';

/** The longest endpoint taken: push services' addresses are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2_000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const httpsEndpoint = described(
  z
    .string()
    .trim()
    .min(1)
    .max(PUSH_ENDPOINT_MAX_LENGTH)
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, 'Must be an https address.'),
  "The browser's address at its push service (PushSubscription.endpoint), https.",
);

export const PushVapidKeySchema = named(
  'PushVapidKey',
  z.object({
    vapid_public_key: described(
      z.string().nullable(),
      "The server's VAPID public key (base64url), the applicationServerKey for pushManager.subscribe; null when push messages are not sent through web push here.",
    ),
  }),
);

export const RegisterPushSubscriptionRequestSchema = named(
  'RegisterPushSubscriptionRequest',
  z.object({
    endpoint: httpsEndpoint,
    expirationTime: described(z.number().nullable().optional(), 'As the browser gives it; not kept.'),
    keys: z.object({
      // A P-256 point, uncompressed: 65 bytes starting 0x04, 87 base64url characters starting B.
      p256dh: described(
        z.string().trim().regex(BASE64URL, 'Must be base64url.').length(87, 'Must be a P-256 public key (87 base64url characters).').startsWith('B', 'Must be an uncompressed P-256 public key.'),
        "The browser's P-256 public key (base64url).",
      ),
      auth: described(z.string().trim().regex(BASE64URL, 'Must be base64url.').min(22, 'Must be at least 16 bytes.').max(88), "The browser's auth secret (base64url, 16 bytes)."),
    }),
  }),
  "The browser's PushSubscription as its toJSON() gives it.",
);

export const PushSubscriptionRegisteredSchema = named(
  'PushSubscriptionRegistered',
  z.object({ id: described(z.string(), "The browser's subscription id (the same when the browser registers again).") }),
);

export const RemovePushSubscriptionQuerySchema = named(
  'RemovePushSubscriptionQuery',
  z.object({ endpoint: described(z.string().trim().min(1).max(PUSH_ENDPOINT_MAX_LENGTH), "The browser's endpoint, as it registered it.") }),
);

export const PUSH_SUBSCRIPTION_API = {
  tag: 'Push subscriptions',
  description: "The signed-in user's browsers that get push messages (messages with use_pwa on).",
  routes: {
    pushVapidKey: {
      summary: "The server's VAPID public key",
      responses: { 200: json(PushVapidKeySchema, 'The key, or null when push is off.') },
    },
    registerPushSubscription: {
      summary: 'Register this browser for push messages',
      description:
        "Keeps the browser's subscription for the signed-in user, who then gets a push message on it for every message sent to them with use_pwa on. The same browser registering again keeps its id. A user keeps ten browsers; an eleventh replaces the oldest. Push service hosts that are private or local addresses are refused unless configured as insecure (WEBHOOK_ALLOW_INSECURE_HOSTS).",
      body: RegisterPushSubscriptionRequestSchema,
      responses: { 201: json(PushSubscriptionRegisteredSchema, 'Registered.') },
    },
    removePushSubscription: {
      summary: 'Stop push messages to this browser',
      description: 'Removes the browser with this endpoint from the signed-in user\'s; one that is not registered is left as it is (204 too).',
      query: RemovePushSubscriptionQuerySchema,
      responses: noContent('Removed, or was not registered.'),
    },
  },
} as const satisfies ApiFeature<keyof typeof PUSH_SUBSCRIPTION_ROUTES>;

export type PushVapidKeyDto = z.output<typeof PushVapidKeySchema>;
export type RegisterPushSubscriptionRequest = z.input<typeof RegisterPushSubscriptionRequestSchema>;
export type PushSubscriptionRegisteredDto = z.output<typeof PushSubscriptionRegisteredSchema>;
