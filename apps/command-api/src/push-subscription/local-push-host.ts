import { isIP } from 'node:net';
import { isPrivateAddress } from '@beacon/platform';

/**
 * Whether a push endpoint's host is this machine or a private network (a literal address, or
 * localhost): the dispatch workers post to every registered endpoint, so a user could otherwise make
 * them post inside the network. Names are not resolved here; the workers check them as they connect.
 */
export function isLocalPushHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}
