import { Agent } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import webPush from 'web-push';
import { skipAtRuntime } from '@beacon/testing';
import type { ChannelProvider, OutgoingMessage } from '../channel-provider';
import { channelProviderContract, type ProviderHarness } from '../testing/channel-provider.contract';
import { PROVIDER_TEST_TIMEOUT_MS } from '../testing/provider-test-timeout';
import { FakePushService } from './testing/fake-push-service';
import { selfSignedCertificate, type SelfSignedCertificate } from './testing/self-signed-certificate';
import { PUSH_SUBSCRIPTION_GONE, WebPushProvider, type WebPushOptions } from './web-push.provider';

const TIMEOUT_MS = PROVIDER_TEST_TIMEOUT_MS;
const certificate = selfSignedCertificate();
const NO_OPENSSL = 'no openssl command to make the fake push service’s certificate (web-push speaks only HTTPS)';

interface WebPushHarness extends ProviderHarness {
  readonly provider: WebPushProvider;
  readonly service: FakePushService;
  /** A provider like the harness's, with these options changed. */
  providerWith(options: Partial<WebPushOptions>): WebPushProvider;
  /** A message to this subscription (JSON or any other address). */
  messageTo(address: string, deliveryId: string): OutgoingMessage;
}

/** A web push provider trusting only the fake push service's certificate, each message to a new device. */
async function webPushHarness(tls: SelfSignedCertificate): Promise<WebPushHarness> {
  const vapidKeys = webPush.generateVAPIDKeys();
  const service = await FakePushService.start(tls, vapidKeys.publicKey);
  const agent = new Agent({ ca: tls.cert });
  const options: WebPushOptions = { vapid: { subject: 'mailto:alerts@example.org', ...vapidKeys }, timeoutMs: TIMEOUT_MS, agent };
  const messageTo = (address: string, deliveryId: string): OutgoingMessage => ({
    deliveryId,
    tenantId: 'tenant-1',
    sessionId: 'session-1',
    channel: 'PUSH',
    address,
    subject: 'Fire drill',
    text: `Leave by the east stairs (${deliveryId}).`,
  });
  return {
    provider: new WebPushProvider(options),
    service,
    timeoutMs: TIMEOUT_MS,
    providerWith: (more) => new WebPushProvider({ ...options, ...more }),
    messageTo,
    message: (deliveryId) => messageTo(JSON.stringify(service.subscribe().subscription), deliveryId),
    refuseNext: (permanent) => service.refuseNext(permanent),
    hangNext: () => service.hangNext(),
    throttleNext: () => service.throttleNext(),
    received: async (deliveryId) => service.requestsFor(deliveryId).length,
    close: async () => {
      agent.destroy();
      await service.close();
    },
  };
}

if (!certificate) {
  describe('web push provider', () => {
    it('runs against a local HTTPS push service', () => skipAtRuntime(NO_OPENSSL));
  });
} else {
  channelProviderContract('web push', () => webPushHarness(certificate));

  describe('web push provider', () => {
    let harness: WebPushHarness;

    beforeAll(async () => {
      harness = await webPushHarness(certificate);
    });

    afterAll(async () => {
      await harness?.close();
    });

    it('sends the title and text encrypted for the device, signed with our VAPID key, urgent, kept a day', async () => {
      const outcome = await harness.provider.send(harness.message('push-1'));

      expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(new RegExp(`^${harness.service.origin}/message/`)) });
      const [request] = harness.service.requestsFor('push-1');
      expect(request?.answer).toBe(201);
      expect(request?.payload).toEqual({ deliveryId: 'push-1', title: 'Fire drill', body: 'Leave by the east stairs (push-1).' });
      expect(request?.headers).toMatchObject({ ttl: '86400', urgency: 'high', 'content-encoding': 'aes128gcm' });
    });

    it('a subscription the push service no longer has (410, 404) is refused for good: stop sending to it', async () => {
      const { id, subscription } = harness.service.subscribe();
      harness.service.unsubscribe(id);
      const gone = { kind: 'refused', permanent: true, code: PUSH_SUBSCRIPTION_GONE, reason: expect.stringContaining('subscription is gone') };
      expect(await harness.provider.send(harness.messageTo(JSON.stringify(subscription), 'push-gone'))).toEqual(gone);
      const unknown = { ...subscription, endpoint: `${harness.service.origin}/push/no-such-device` };
      expect(await harness.provider.send(harness.messageTo(JSON.stringify(unknown), 'push-unknown'))).toEqual(gone);
    });

    it('429 is throttled for its Retry-After; 503 is refused for now', async () => {
      harness.service.throttleNext(5);
      expect(await harness.provider.send(harness.message('push-throttled'))).toEqual(expect.objectContaining({ kind: 'throttled', retryAfterMs: 5_000 }));
      harness.service.refuseNext(false);
      expect(await harness.provider.send(harness.message('push-unavailable'))).toEqual(expect.objectContaining({ kind: 'refused', permanent: false, code: '503' }));
    });

    it('a message larger than the push service takes is refused for good (413)', async () => {
      const message = { ...harness.message('push-large'), text: 'x'.repeat(5_000) };
      expect(await harness.provider.send(message)).toEqual(expect.objectContaining({ kind: 'refused', permanent: true, code: '413' }));
    });

    it('a VAPID key other than the one the device subscribed for is refused for good (403)', async () => {
      const other = harness.providerWith({ vapid: { subject: 'mailto:alerts@example.org', ...webPush.generateVAPIDKeys() } });
      expect(await other.send(harness.message('push-other-key'))).toEqual(
        expect.objectContaining({ kind: 'refused', permanent: true, code: '403', reason: expect.stringContaining('VAPID') }),
      );
    });

    it.each([
      ['not JSON', 'https://push.example.org/abc', 'not JSON'],
      ['no endpoint', JSON.stringify({ keys: { p256dh: 'x', auth: 'y' } }), 'no endpoint'],
      ['plain http', JSON.stringify({ endpoint: 'http://push.example.org/abc', keys: { p256dh: 'x', auth: 'y' } }), 'not an https address'],
      ['a short key', JSON.stringify({ endpoint: 'https://push.example.org/abc', keys: { p256dh: 'BAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }), 'p256dh'],
      ['no auth secret', JSON.stringify({ endpoint: 'https://push.example.org/abc', keys: { p256dh: Buffer.alloc(65, 4).toString('base64url') } }), 'auth secret'],
    ])('an address that is not a subscription (%s) is refused for good before any request', async (_case, address, words) => {
      const before = harness.service.requests.length;
      expect(await harness.provider.send(harness.messageTo(address, 'push-invalid'))).toEqual({
        kind: 'refused',
        permanent: true,
        code: 'invalid-subscription',
        reason: expect.stringContaining(words),
      });
      expect(harness.service.requests.length).toBe(before);
    });

    it('a push service that cannot be reached is refused for now', async () => {
      const closedPort = await new Promise<number>((resolve) => {
        const server = createServer();
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          server.close(() => resolve(port));
        });
      });
      const subscription = { ...harness.service.subscribe().subscription, endpoint: `https://127.0.0.1:${closedPort}/push/x` };
      expect(await harness.provider.send(harness.messageTo(JSON.stringify(subscription), 'push-unreachable'))).toEqual(
        expect.objectContaining({ kind: 'refused', permanent: false, code: 'ECONNREFUSED' }),
      );
    });

    it('has no delivery reports and no lookup: a push service’s 201 is as far as it tells', () => {
      expect(harness.provider.reportsDelivery).toBe(false);
      expect((harness.provider as ChannelProvider).lookup).toBeUndefined();
    });
  });
}
