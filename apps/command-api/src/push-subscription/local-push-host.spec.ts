import { describe, expect, it } from '@jest/globals';
import { isLocalPushHost } from './local-push-host';

describe('local push hosts', () => {
  it('finds this machine and private networks, written as addresses or localhost', () => {
    for (const host of ['localhost', 'a.localhost', '127.0.0.1', '10.2.3.4', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '[::1]', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect([host, isLocalPushHost(host)]).toEqual([host, true]);
    }
  });

  it("leaves the push services' names and public addresses", () => {
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '8.8.8.8', '172.32.0.1', '2001:db8::1']) {
      expect([host, isLocalPushHost(host)]).toEqual([host, false]);
    }
  });
});
