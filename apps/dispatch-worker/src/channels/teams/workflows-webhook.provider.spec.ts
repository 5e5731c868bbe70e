import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OutgoingMessage } from '../channel-provider';
import { channelProviderContract } from '../testing/channel-provider.contract';
import { PROVIDER_TEST_TIMEOUT_MS } from '../testing/provider-test-timeout';
import { WEBHOOK_RETRY_AFTER_DEFAULT_MS } from '../webhook/webhook-outcome';
import { LocalWebhookEndpoint } from '../webhook/testing/local-webhook-endpoint';
import { WorkflowsWebhookProvider } from './workflows-webhook.provider';

/* The Teams provider against a local HTTP endpoint that answers as a Workflows webhook does. */

const TIMEOUT_MS = PROVIDER_TEST_TIMEOUT_MS;
const LOCAL = ['127.0.0.1'];
/** A Workflows webhook takes a post with 202 Accepted and names the run it started. */
const ACCEPTED = { status: 202, headers: { 'x-ms-workflow-run-id': '08584626540118123456789012345CU00' } };

const teamsMessage = (deliveryId: string, address: string, subject: string | undefined = 'Flood warning'): OutgoingMessage => ({
  deliveryId,
  tenantId: 'tenant-1',
  sessionId: 'session-1',
  channel: 'TEAMS',
  address,
  subject,
  text: 'The river is rising. Leave the ground floor by 18:00.',
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

channelProviderContract('teams-webhook', async () => {
  const endpoint = new LocalWebhookEndpoint(ACCEPTED);
  await endpoint.start();
  const provider = new WorkflowsWebhookProvider({ timeoutMs: TIMEOUT_MS, allowInsecureHosts: LOCAL });
  return {
    provider,
    message: (deliveryId) => teamsMessage(deliveryId, endpoint.url('/workflows/abc/triggers/manual/paths/invoke?sig=secret')),
    refuseNext: (permanent) =>
      endpoint.answerNext(
        permanent
          ? { status: 404, body: '{"error":{"code":"WorkflowNotFound","message":"The workflow was not found."}}' }
          : { status: 503, body: 'Service Unavailable' },
      ),
    throttleNext: () => endpoint.answerNext({ status: 429, headers: { 'Retry-After': '2' }, body: 'Rate limit is exceeded.' }),
    hangNext: () => endpoint.answerNext('hang'),
    received: async (deliveryId) => endpoint.received(deliveryId),
    timeoutMs: TIMEOUT_MS,
    close: () => endpoint.close(),
  };
});

describe('Teams Workflows provider: the card, and what each answer means', () => {
  const endpoint = new LocalWebhookEndpoint(ACCEPTED);
  const provider = new WorkflowsWebhookProvider({ timeoutMs: TIMEOUT_MS, allowInsecureHosts: LOCAL });
  const send = (deliveryId: string, subject?: string) => provider.send(teamsMessage(deliveryId, endpoint.url(), subject));

  beforeAll(() => endpoint.start());
  afterAll(() => endpoint.close());

  it('posts one Adaptive Card: the subject as its title, the text below, the delivery id in a header', async () => {
    const outcome = await send('card-1', 'Flood warning');
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: '08584626540118123456789012345CU00' });
    const [post] = endpoint.posts.filter((each) => each.deliveryId === 'card-1');
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body)).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: 'Flood warning', wrap: true, weight: 'Bolder', size: 'Medium' },
              { type: 'TextBlock', text: 'The river is rising. Leave the ground floor by 18:00.', wrap: true },
            ],
            msteams: { width: 'Full' },
          },
        },
      ],
    });
  });

  it('leaves the title out without a subject, and names the post by the delivery id when no run id comes back', async () => {
    endpoint.answerNext({ status: 202 });
    const outcome = await send('card-2', '  ');
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: 'teams:card-2' });
    const [post] = endpoint.posts.filter((each) => each.deliveryId === 'card-2');
    expect(JSON.parse(post!.body).attachments[0].content.body).toEqual([{ type: 'TextBlock', text: 'The river is rising. Leave the ground floor by 18:00.', wrap: true }]);
  });

  it('refuses permanently, before any request, an address that is not an https URL', async () => {
    const before = endpoint.posts.length;
    const plain = new WorkflowsWebhookProvider({ timeoutMs: TIMEOUT_MS });
    for (const address of ['not a url', 'teams-channel-general', `ftp://127.0.0.1/hook`, endpoint.url(), `https://user:secret@127.0.0.1/hook`]) {
      const outcome = await plain.send(teamsMessage('bad-address', address));
      expect(outcome).toEqual({ kind: 'refused', permanent: true, reason: expect.stringMatching(/^The Teams address /) });
      expect(JSON.stringify(outcome)).not.toContain('secret');
    }
    expect(endpoint.posts.length).toBe(before);
  });

  it('takes 400, 403 and 410 as permanent refusals with the status and the body', async () => {
    for (const [status, body] of [
      [400, 'Bad Request: the card is not valid'],
      [403, 'The signature is not valid'],
      [410, 'The workflow was deleted'],
    ] as const) {
      endpoint.answerNext({ status, body });
      expect(await send(`refused-${status}`)).toEqual({ kind: 'refused', permanent: true, code: String(status), reason: `Teams answered ${status}: ${body}` });
    }
  });

  it('takes a 5xx as a temporary refusal', async () => {
    endpoint.answerNext({ status: 502, body: 'Bad Gateway' });
    expect(await send('busy-1')).toMatchObject({ kind: 'refused', permanent: false, code: '502' });
  });

  it('does not follow a redirect: the hook moved, and its address must be updated', async () => {
    endpoint.answerNext({ status: 302, headers: { Location: endpoint.url('/elsewhere') } });
    expect(await send('moved-1')).toMatchObject({ kind: 'refused', permanent: true, code: '302' });
    expect(endpoint.posts.filter((post) => post.path === '/elsewhere')).toHaveLength(0);
  });

  it('honours Retry-After as seconds or as an HTTP date, and waits 30 s when there is none', async () => {
    endpoint.answerNext({ status: 429, headers: { 'Retry-After': '7' } });
    expect(await send('slow-1')).toMatchObject({ kind: 'throttled', retryAfterMs: 7_000 });
    endpoint.answerNext({ status: 429, headers: { 'Retry-After': new Date(Date.now() + 120_000).toUTCString() } });
    const dated = await send('slow-2');
    expect(dated.kind === 'throttled' && dated.retryAfterMs).toBeGreaterThan(115_000);
    expect(dated.kind === 'throttled' && dated.retryAfterMs).toBeLessThanOrEqual(120_000);
    endpoint.answerNext({ status: 429 });
    expect(await send('slow-3')).toMatchObject({ kind: 'throttled', retryAfterMs: WEBHOOK_RETRY_AFTER_DEFAULT_MS });
  });

  it('refuses temporarily when nothing listens: the post never left', async () => {
    const outcome = await provider.send(teamsMessage('down-1', `http://127.0.0.1:${await closedPort()}/hook`));
    expect(outcome).toEqual({ kind: 'refused', permanent: false, code: 'ECONNREFUSED', reason: 'Teams could not be reached (ECONNREFUSED)' });
  });
});
