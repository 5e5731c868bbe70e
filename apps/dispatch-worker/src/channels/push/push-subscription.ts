import type { PushSubscription } from 'web-push';

/**
 * A device's push address: the JSON of the browser's PushSubscription (`endpoint`, `keys.p256dh`,
 * `keys.auth`), or why it is not one. Checked before any request, so a broken address is refused
 * for good instead of failing inside the library on every retry.
 */
export function parsePushSubscription(address: string): { readonly subscription: PushSubscription } | { readonly invalid: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(address);
  } catch {
    return { invalid: 'The push address is not a subscription (not JSON)' };
  }
  if (!parsed || typeof parsed !== 'object') return { invalid: 'The push address is not a subscription (not an object)' };
  const { endpoint, keys } = parsed as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string') return { invalid: 'The push subscription has no endpoint' };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { invalid: 'The push subscription’s endpoint is not an address' };
  }
  if (url.protocol !== 'https:') return { invalid: 'The push subscription’s endpoint is not an https address' };
  const p256dh = base64UrlBytes(keys?.p256dh);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 0x04) return { invalid: 'The push subscription’s p256dh key is not a P-256 public key' };
  const auth = base64UrlBytes(keys?.auth);
  if (!auth || auth.length < 16) return { invalid: 'The push subscription’s auth secret is missing or too short' };
  return { subscription: { endpoint, keys: { p256dh: keys!.p256dh as string, auth: keys!.auth as string } } };
}

function base64UrlBytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value, 'base64url');
}
