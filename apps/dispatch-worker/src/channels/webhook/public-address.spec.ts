import { describe, expect, it } from '@jest/globals';
import webPush from 'web-push';
import type { OutgoingMessage } from '../channel-provider';
import { WebPushProvider } from '../push/web-push.provider';
import { IncomingWebhookProvider } from '../slack/incoming-webhook.provider';
import { WorkflowsWebhookProvider } from '../teams/workflows-webhook.provider';
import { isPrivateAddress } from '@beacon/platform';
import { PRIVATE_ADDRESS, publicOnlyLookup } from './public-address';

/*
 * The workers post to addresses users (push endpoints) and admins (Teams and Slack webhooks) give them:
 * none of those posts may reach this machine or the private network it runs in, whether the address is
 * written as one or is a name resolving to one. Nothing listens on the ports below: a refusal here is
 * made before any connection.
 */

const message = (channel: OutgoingMessage['channel'], address: string): OutgoingMessage => ({
  deliveryId: `d-${channel}`,
  tenantId: 'tenant-1',
  sessionId: 'session-1',
  channel,
  address,
  subject: 'Fire drill',
  text: 'Leave by the east stairs.',
});

const lookup = (hostname: string) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => publicOnlyLookup(hostname, {}, (error, address) => resolve({ error, address })));

describe('private addresses', () => {
  it('tells this machine, private, shared, link-local, multicast and unspecified addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', 'ff02::1']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses a name that resolves to this machine, and resolves a public address as Node does', async () => {
    expect((await lookup('localhost')).error?.code).toBe(PRIVATE_ADDRESS);
    expect(await lookup('93.184.216.34')).toEqual({ error: null, address: '93.184.216.34' });
  });

  const refusedForGood = { kind: 'refused', permanent: true, code: PRIVATE_ADDRESS };

  it('never posts a Teams or Slack message to a private address or a name resolving to one', async () => {
    const teams = new WorkflowsWebhookProvider({ timeoutMs: 2_000 });
    const slack = new IncomingWebhookProvider({ timeoutMs: 2_000 });
    try {
      for (const address of ['https://10.0.0.8/workflows/abc', 'https://[::1]:59999/hook', 'https://localhost:59999/workflows/abc']) {
        expect(await teams.send(message('TEAMS', address))).toMatchObject(refusedForGood);
        expect(await slack.send(message('SLACK', address))).toMatchObject(refusedForGood);
      }
    } finally {
      await teams.close();
      await slack.close();
    }
  });

  it('never posts a push message to a push service at a private address or a name resolving to one', async () => {
    const vapid = { subject: 'mailto:alerts@example.org', ...webPush.generateVAPIDKeys() };
    const provider = new WebPushProvider({ vapid, timeoutMs: 2_000 });
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    try {
      for (const endpoint of ['https://192.168.1.20/push/abc', 'https://localhost:59999/push/abc']) {
        expect(await provider.send(message('PUSH', JSON.stringify({ endpoint, keys })))).toMatchObject(refusedForGood);
      }
    } finally {
      await provider.close();
    }
  });
});
