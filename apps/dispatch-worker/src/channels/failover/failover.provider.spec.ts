import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChannelProvider } from '../channel-provider';
import { channelProviderContract } from '../testing/channel-provider.contract';
import { TwilioSmsProvider } from '../twilio/twilio-sms.provider';
import type { CircuitState } from './circuit-breaker';
import { FailoverProvider } from './failover.provider';
import { failoverHarness, type FailoverHarness } from './testing/failover-harness';

/*
 * The failover provider over two real providers: Twilio SMS on two accounts, each a fake Twilio API on
 * the loopback, their status callbacks read by one endpoint as the worker's route reads them.
 */

channelProviderContract('Failover (Twilio SMS to a second account)', () => failoverHarness());

const FAILED_OVER = { from: 'twilio', to: 'twilio-failover' };

/** A port nothing listens on: a provider pointed there cannot connect (the message never leaves). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('failover to a second provider of the channel', () => {
  let harness: FailoverHarness;
  const creates = (deliveryId: string) => [harness.first.createsFor(deliveryId).length, harness.failover.createsFor(deliveryId).length];

  beforeAll(async () => {
    harness = await failoverHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('sends through the first provider while it answers, its outcome as it gave it', async () => {
    const outcome = await harness.provider.send(harness.message('first-ok'));
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    expect(creates('first-ok')).toEqual([1, 0]);
  });

  it('a refusal for now goes to the failover provider, whose id is marked, with the decision', async () => {
    harness.first.refuseNextCreate(false);
    const outcome = await harness.provider.send(harness.message('first-refused'));
    expect(outcome).toEqual({
      kind: 'accepted',
      providerMessageId: expect.stringMatching(/^failover:SM[0-9a-f]{32}$/),
      failover: { ...FAILED_OVER, cause: 'refused', reason: expect.stringMatching(/^twilio did not take it: .*20503/) },
    });
    expect(creates('first-refused')).toEqual([1, 1]);
    if (outcome.kind !== 'accepted') return;

    // The failover account's status callbacks come to the same address, signed with its own token.
    const sid = outcome.providerMessageId.slice('failover:'.length);
    const [answer] = await harness.failover.postStatusCallbacks(sid, ['delivered']);
    expect(JSON.parse(answer!.body)).toEqual({
      kind: 'report',
      report: { deliveryId: 'first-refused', providerMessageId: outcome.providerMessageId, status: 'delivered', at: expect.any(String) },
    });
    // The first account's are read as before, their ids unmarked.
    const ok = await harness.provider.send(harness.message('first-reports'));
    if (ok.kind !== 'accepted') throw new Error(`expected accepted, got ${ok.kind}`);
    const [first] = await harness.first.postStatusCallbacks(ok.providerMessageId, ['sent']);
    expect(JSON.parse(first!.body)).toMatchObject({ kind: 'report', report: { providerMessageId: ok.providerMessageId, status: 'sent' } });
  });

  it('a first provider that cannot be reached is refused for now: the failover provider sends', async () => {
    const unreachable = new TwilioSmsProvider({ ...harness.firstOptions(), apiBaseUrl: `http://127.0.0.1:${await closedPort()}` });
    const failoverOnly = new FailoverProvider(unreachable, new TwilioSmsProvider({ ...harness.firstOptions(), accountSid: harness.failover.accountSid, authToken: harness.failover.authToken, apiBaseUrl: harness.failover.apiBaseUrl }));
    const outcome = await failoverOnly.send(harness.message('unreachable'));
    expect(outcome).toEqual({
      kind: 'accepted',
      providerMessageId: expect.stringMatching(/^failover:SM/),
      failover: { ...FAILED_OVER, cause: 'refused', reason: 'twilio did not take it: Could not reach Twilio (ECONNREFUSED)' },
    });
    expect(creates('unreachable')).toEqual([0, 1]);
  });

  it('no answer from the first provider is unknown and goes nowhere else: never sent twice', async () => {
    harness.first.hangNextCreate();
    const outcome = await harness.provider.send(harness.message('first-hung'));
    expect(outcome).toEqual({ kind: 'unknown', reason: expect.stringContaining('may have sent it') });
    expect(creates('first-hung')).toEqual([1, 0]);
  });

  it('a permanent refusal and a throttle are the answer: the failover provider would say the same', async () => {
    harness.first.refuseNextCreate(true);
    expect(await harness.provider.send(harness.message('bad-number'))).toEqual(expect.objectContaining({ kind: 'refused', permanent: true, code: '21211' }));
    harness.first.throttleNextCreate(2);
    expect(await harness.provider.send(harness.message('slow-down'))).toEqual({ kind: 'throttled', retryAfterMs: 2_000, reason: expect.any(String) });
    expect([creates('bad-number'), creates('slow-down')]).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });

  it('refused for now by both: the failover provider’s refusal, with the decision, for the worker to retry', async () => {
    harness.first.refuseNextCreate(false);
    harness.failover.refuseNextCreate(false);
    expect(await harness.provider.send(harness.message('both-refused'))).toEqual({
      kind: 'refused',
      permanent: false,
      code: '20503',
      reason: expect.any(String),
      failover: { ...FAILED_OVER, cause: 'refused', reason: expect.any(String) },
    });
  });

  it('lookup asks the first provider, then the failover one, and names which one had it', async () => {
    harness.first.hangNextCreate();
    const atFirst = harness.message('lookup-first');
    expect((await harness.provider.send(atFirst)).kind).toBe('unknown');
    expect(await harness.provider.lookup!(atFirst)).toEqual({ kind: 'found', providerMessageId: harness.first.createsFor('lookup-first')[0]!.sid });

    harness.first.refuseNextCreate(false);
    harness.failover.hangNextCreate();
    const atFailover = harness.message('lookup-failover');
    expect(await harness.provider.send(atFailover)).toEqual(expect.objectContaining({ kind: 'unknown', failover: expect.objectContaining({ cause: 'refused' }) }));
    expect(await harness.provider.lookup!(atFailover)).toEqual({ kind: 'found', providerMessageId: `failover:${harness.failover.createsFor('lookup-failover')[0]!.sid}` });

    expect(await harness.provider.lookup!(harness.message('lookup-never-sent'))).toEqual({ kind: 'not-found' });
  });
});

describe('the first provider’s circuit', () => {
  let harness: FailoverHarness;
  let now = Date.parse('2025-03-01T10:00:00Z');
  const changes: [CircuitState, string][] = [];
  const creates = (deliveryId: string) => [harness.first.createsFor(deliveryId).length, harness.failover.createsFor(deliveryId).length];

  beforeAll(async () => {
    harness = await failoverHarness({
      circuit: { windowMs: 60_000, minimumSends: 4, errorRate: 0.5, openMs: 30_000, now: () => now },
      onCircuitChange: (state, why) => changes.push([state, why]),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('opens after too many failures of the first provider: sends then go straight to the failover one', async () => {
    await harness.provider.send(harness.message('c-ok-1'));
    await harness.provider.send(harness.message('c-ok-2'));
    harness.first.refuseNextCreate(false);
    await harness.provider.send(harness.message('c-refused'));
    harness.first.hangNextCreate();
    await harness.provider.send(harness.message('c-hung'));
    expect(harness.provider.circuit.state).toBe('open');
    expect(changes).toEqual([['open', '2 of its last 4 sends in 60 s failed (50%)']]);

    const outcome = await harness.provider.send(harness.message('c-rested'));
    expect(outcome).toEqual({
      kind: 'accepted',
      providerMessageId: expect.stringMatching(/^failover:SM/),
      failover: { ...FAILED_OVER, cause: 'circuit-open', reason: 'twilio is rested: 2 of its last 4 sends in 60 s failed (50%); it is rested until 2025-03-01T10:00:30.000Z' },
    });
    expect(creates('c-rested')).toEqual([0, 1]);
  });

  it('after its rest, one send probes the first provider; a failed probe rests it again (that send fails over)', async () => {
    now += 30_000;
    harness.first.refuseNextCreate(false);
    const probe = await harness.provider.send(harness.message('c-probe-1'));
    expect(probe).toEqual(expect.objectContaining({ kind: 'accepted', failover: expect.objectContaining({ cause: 'refused' }) }));
    expect(creates('c-probe-1')).toEqual([1, 1]);
    expect(harness.provider.circuit.state).toBe('open');
    expect(await harness.provider.send(harness.message('c-rested-again'))).toEqual(
      expect.objectContaining({ failover: expect.objectContaining({ cause: 'circuit-open', reason: expect.stringContaining('1 probe failed since; it is rested until 2025-03-01T10:01:00.000Z') }) }),
    );
  });

  it('an answered probe closes it: the first provider sends again', async () => {
    now += 30_000;
    const probe = await harness.provider.send(harness.message('c-probe-2'));
    expect(probe).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^SM/) });
    expect(harness.provider.circuit.state).toBe('closed');
    expect(await harness.provider.send(harness.message('c-after'))).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^SM/) });
    expect(creates('c-after')).toEqual([1, 0]);
    expect(changes.map(([state]) => state)).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
  });
});

describe('a failover pair', () => {
  const provider = (name: string, more: Partial<ChannelProvider> = {}): ChannelProvider => ({
    name,
    channels: ['EMAIL'],
    send: async () => ({ kind: 'accepted', providerMessageId: `${name}-1` }),
    ...more,
  });

  it('can be looked up only when both providers can be asked', () => {
    const lookup = async () => ({ kind: 'not-found' as const });
    expect(new FailoverProvider(provider('a', { lookup }), provider('b', { lookup })).lookup).toBeDefined();
    expect(new FailoverProvider(provider('a', { lookup }), provider('b')).lookup).toBeUndefined();
    expect(new FailoverProvider(provider('a'), provider('b', { lookup })).lookup).toBeUndefined();
  });

  it('must send the same channels and mean the same by an acceptance', () => {
    expect(() => new FailoverProvider(provider('a'), provider('b', { channels: ['SMS'] }))).toThrow('does not send EMAIL');
    expect(() => new FailoverProvider(provider('a', { reportsDelivery: true }), provider('b'))).toThrow('must both report delivery');
  });

  it('announces its handover only when both do, and passes the worker’s hooks to the provider it calls', async () => {
    const called: string[] = [];
    const announcing = (name: string, answer: 'accepted' | 'refused') =>
      provider(name, {
        announcesHandover: true,
        send: async (_message, hooks) => {
          await hooks?.beforeHandover();
          return answer === 'accepted' ? { kind: 'accepted', providerMessageId: `${name}-1` } : { kind: 'refused', permanent: false, reason: 'busy' };
        },
      });
    expect(new FailoverProvider(announcing('a', 'accepted'), provider('b')).announcesHandover).toBeUndefined();
    const pair = new FailoverProvider(announcing('a', 'refused'), announcing('b', 'accepted'));
    expect(pair.announcesHandover).toBe(true);
    const message = { deliveryId: 'd1', tenantId: 't', sessionId: 's', channel: 'EMAIL' as const, address: 'ann@example.test', text: 'Hi' };
    expect(await pair.send(message, { beforeHandover: async () => void called.push('handover') })).toMatchObject({ kind: 'accepted', providerMessageId: 'failover:b-1' });
    expect(called).toEqual(['handover', 'handover']);
  });

  it('closes both providers', async () => {
    const closed: string[] = [];
    const closing = (name: string) => provider(name, { close: async () => void closed.push(name) });
    await new FailoverProvider(closing('a'), closing('b')).close();
    expect(closed.sort()).toEqual(['a', 'b']);
  });
});
