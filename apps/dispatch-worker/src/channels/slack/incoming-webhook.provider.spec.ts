import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OutgoingMessage } from '../channel-provider';
import { channelProviderContract } from '../testing/channel-provider.contract';
import { PROVIDER_TEST_TIMEOUT_MS } from '../testing/provider-test-timeout';
import { LocalWebhookEndpoint } from '../webhook/testing/local-webhook-endpoint';
import { IncomingWebhookProvider } from './incoming-webhook.provider';

/* The Slack provider against a local HTTP endpoint that answers as Slack's incoming webhooks do. */

const TIMEOUT_MS = PROVIDER_TEST_TIMEOUT_MS;
const LOCAL = ['127.0.0.1'];
/** Slack takes a post with 200 "ok" and names its request. */
const OK = { status: 200, body: 'ok', headers: { 'x-slack-req-id': 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } };

const slackMessage = (deliveryId: string, address: string, fields: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  deliveryId,
  tenantId: 'tenant-1',
  sessionId: 'session-1',
  channel: 'SLACK',
  address,
  subject: 'Flood warning',
  text: 'The river is rising. Leave the ground floor by 18:00.',
  ...fields,
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

channelProviderContract('slack-webhook', async () => {
  const endpoint = new LocalWebhookEndpoint(OK);
  await endpoint.start();
  const provider = new IncomingWebhookProvider({ timeoutMs: TIMEOUT_MS, allowInsecureHosts: LOCAL });
  return {
    provider,
    message: (deliveryId) => slackMessage(deliveryId, endpoint.url('/services/T000/B000/secret')),
    refuseNext: (permanent) => endpoint.answerNext(permanent ? { status: 410, body: 'channel_is_archived' } : { status: 500, body: 'rollup_error' }),
    throttleNext: () => endpoint.answerNext({ status: 429, headers: { 'Retry-After': '3' }, body: 'rate_limited' }),
    hangNext: () => endpoint.answerNext('hang'),
    received: async (deliveryId) => endpoint.received(deliveryId),
    timeoutMs: TIMEOUT_MS,
    close: () => endpoint.close(),
  };
});

describe('Slack incoming webhook provider: the payload, and what each answer means', () => {
  const endpoint = new LocalWebhookEndpoint(OK);
  const provider = new IncomingWebhookProvider({ timeoutMs: TIMEOUT_MS, allowInsecureHosts: LOCAL });
  const send = (deliveryId: string, fields: Partial<OutgoingMessage> = {}) => provider.send(slackMessage(deliveryId, endpoint.url(), fields));
  const payloadOf = (deliveryId: string) => JSON.parse(endpoint.posts.find((post) => post.deliveryId === deliveryId)!.body);

  beforeAll(() => endpoint.start());
  afterAll(() => endpoint.close());

  it('posts the subject as a header and the text as plain text, the delivery id in metadata and a header', async () => {
    const outcome = await send('payload-1', { text: 'Meet at <Gate 3> & wait for @here' });
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
    expect(payloadOf('payload-1')).toEqual({
      text: 'Flood warning: Meet at &lt;Gate 3&gt; &amp; wait for @here',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Flood warning', emoji: false } },
        { type: 'section', text: { type: 'plain_text', text: 'Meet at <Gate 3> & wait for @here', emoji: false } },
      ],
      unfurl_links: false,
      unfurl_media: false,
      metadata: { event_type: 'beacon_delivery', event_payload: { delivery_id: 'payload-1' } },
    });
  });

  it('splits a long text into sections Slack takes (3,000 characters each) and clips a long subject to 150', async () => {
    await send('payload-2', { subject: 'S'.repeat(200), text: 'x'.repeat(7_000) });
    const { blocks } = payloadOf('payload-2');
    expect(blocks.map((block: { text: { text: string } }) => block.text.text.length)).toEqual([150, 3_000, 3_000, 1_000]);
    expect(blocks[0].text.text.endsWith('…')).toBe(true);
  });

  it('names the post by the delivery id when Slack gives no request id', async () => {
    endpoint.answerNext({ status: 200, body: 'ok' });
    expect(await send('payload-3', { subject: undefined })).toEqual({ kind: 'accepted', providerMessageId: 'slack:payload-3' });
    expect(payloadOf('payload-3').blocks).toEqual([{ type: 'section', text: { type: 'plain_text', text: 'The river is rising. Leave the ground floor by 18:00.', emoji: false } }]);
  });

  it('refuses permanently, before any request, an address that is not an https URL', async () => {
    const before = endpoint.posts.length;
    const plain = new IncomingWebhookProvider({ timeoutMs: TIMEOUT_MS });
    for (const address of ['not a url', '#general', endpoint.url(), 'https://user:secret@hooks.slack.test/services/x']) {
      const outcome = await plain.send(slackMessage('bad-address', address));
      expect(outcome).toEqual({ kind: 'refused', permanent: true, reason: expect.stringMatching(/^The Slack address /) });
      expect(JSON.stringify(outcome)).not.toContain('secret');
    }
    expect(endpoint.posts.length).toBe(before);
  });

  it('takes Slack\'s 403, 404 and 410 refusals as permanent, with the status and Slack\'s word', async () => {
    for (const [status, body] of [
      [403, 'invalid_token'],
      [403, 'action_prohibited'],
      [404, 'no_service'],
      [410, 'channel_is_archived'],
    ] as const) {
      endpoint.answerNext({ status, body });
      expect(await send(`refused-${status}-${body}`)).toEqual({ kind: 'refused', permanent: true, code: String(status), reason: `Slack answered ${status}: ${body}` });
    }
  });

  it('takes a 5xx as a temporary refusal, posted once: the library does not retry', async () => {
    endpoint.answerNext({ status: 503, body: 'service_unavailable' });
    expect(await send('busy-1')).toMatchObject({ kind: 'refused', permanent: false, code: '503' });
    expect(endpoint.received('busy-1')).toBe(1);
  });

  it('honours a 429\'s Retry-After', async () => {
    endpoint.answerNext({ status: 429, headers: { 'Retry-After': '12' }, body: 'rate_limited' });
    expect(await send('slow-1')).toMatchObject({ kind: 'throttled', retryAfterMs: 12_000, reason: 'Slack answered 429: rate_limited' });
  });

  it('does not follow a redirect', async () => {
    endpoint.answerNext({ status: 301, headers: { Location: endpoint.url('/elsewhere') } });
    expect(await send('moved-1')).toMatchObject({ kind: 'refused', permanent: true, code: '301' });
    expect(endpoint.posts.filter((post) => post.path === '/elsewhere')).toHaveLength(0);
  });

  it('refuses temporarily when nothing listens: the post never left', async () => {
    const outcome = await provider.send(slackMessage('down-1', `http://127.0.0.1:${await closedPort()}/hook`));
    expect(outcome).toEqual({ kind: 'refused', permanent: false, code: 'ECONNREFUSED', reason: 'Slack could not be reached (ECONNREFUSED)' });
  });
});
