import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isPrivateAddress } from '@beacon/platform';

/**
 * The code of the error a connection fails with when its host is, or resolves to, this machine or a
 * private network: the workers post to addresses that users (push endpoints) and admins (Teams and Slack
 * webhooks) give them, which must not reach inside the network the workers run in.
 */
export const PRIVATE_ADDRESS = 'EPRIVATEADDRESS';

/** The error of a connection refused for its address (a system error's shape, so outcome mappings read its code). */
export function privateAddressError(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${host} is on a private network`), { code: PRIVATE_ADDRESS });
}

/** Whether a URL's host is a literal IP address on a private network (connections to those resolve nothing). */
export function isPrivateLiteralHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && isPrivateAddress(host);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net and tls connections that resolves as Node does, and fails with PRIVATE_ADDRESS when
 * any address of the name is private: a name that resolves inside the network is refused before any byte
 * is sent (checking the name at registration alone would let it be pointed inside later).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, options.all ? [] : '', undefined);
    if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), options.all ? [] : '', undefined);
    if (addresses.some((entry) => isPrivateAddress(entry.address))) return callback(privateAddressError(hostname), options.all ? [] : '', undefined);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
}
