import { ROUTES } from '@beacon/contracts';
import type { OutgoingMessage } from '../channel-provider';

/**
 * The status callback base at our public address: the callback route's path without its delivery id,
 * which each message's address ends with (`<base>/<encoded delivery id>`).
 */
export function statusCallbackBaseOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.twilioStatusCallback.path.replace(/\/:delivery_id$/, '')}`;
}

/** Where the number's incoming-message webhook should point: the reply route at our public address. */
export function incomingMessageUrlOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.twilioIncomingMessage.path}`;
}

/**
 * The status callback address of one message: the message's own, else `<base>/<encoded delivery id>`.
 * Our delivery id is the address's last path segment, so a report names its delivery even when it
 * arrives before the submit is recorded (Twilio's reports carry nothing else of ours).
 */
export function statusCallbackUrlOf(message: OutgoingMessage, baseUrl: string | undefined): string | undefined {
  if (message.statusCallbackUrl) return message.statusCallbackUrl;
  if (!baseUrl) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(message.deliveryId)}`;
}

/** The delivery id a status callback address names (its last path segment), if any. */
export function deliveryIdOfCallbackUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const last = pathname.split('/').filter(Boolean).at(-1);
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return undefined;
  }
}
