import type { SendOutcome } from '../channel-provider';
import { isPrivateLiteralHost, PRIVATE_ADDRESS } from './public-address';

/** The URL a webhook message is posted to, or the permanent refusal of an address that cannot be one. */
export type WebhookTarget = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly outcome: SendOutcome };

const refused = (reason: string, code?: string): WebhookTarget => ({ ok: false, outcome: { kind: 'refused', permanent: true, reason, ...(code ? { code } : {}) } });

/**
 * A webhook address must be an https URL without credentials (they hold the secret in the path or the
 * query, and must only travel encrypted). http is allowed only to the hosts configured as local (a
 * test endpoint on this machine, see insecure-hosts.ts), and so is an address on a private network (a
 * name resolving to one is refused as it connects). Refused before any request; the reason never
 * repeats the address, which is a secret.
 */
export function webhookTarget(vendor: string, address: string, allowInsecureHosts: readonly string[]): WebhookTarget {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return refused(`The ${vendor} address is not a URL`);
  }
  if (url.username !== '' || url.password !== '') return refused(`The ${vendor} address must not hold a user name or password`);
  const insecure = allowInsecureHosts.includes(url.hostname.toLowerCase());
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && insecure)) return refused(`The ${vendor} address must be an https URL`);
  if (!insecure && isPrivateLiteralHost(url)) return refused(`The ${vendor} address is on a private network`, PRIVATE_ADDRESS);
  return { ok: true, url };
}
