import { describe, expect, it } from '@jest/globals';
import type { ConferenceCall, ReportedDelivery } from '@beacon/domain';
import type { Collection } from '@beacon/read-store';
import type { ChannelProvider, OutgoingMessage } from '../channel-provider';
import { SimulatedConferenceProvider, simulatedConferenceAnswer } from './simulated-conference.provider';
import type { SimulatedMessage } from './simulator.provider';

const conference: ConferenceCall = { sessionId: 'conf', bridge: 'beacon-conference-1', amd: true, liveMessage: 'Join the bridge.', amdMessage: 'Call back.', recall: false };
const message = (sessionId: string, recipient: string): OutgoingMessage => ({
  deliveryId: `${sessionId}.${recipient}.f1:VOICE.1`,
  tenantId: 't1',
  sessionId,
  channel: 'VOICE',
  address: '+447700900001',
  text: 'The message.',
});

function harness(failureRate = 0) {
  const kept: SimulatedMessage[] = [];
  const reports: ReportedDelivery[] = [];
  const outbox = { upsertMany: async (documents: SimulatedMessage[]) => void kept.push(...documents), findOne: async () => null } as unknown as Collection<SimulatedMessage>;
  const plain: OutgoingMessage[] = [];
  const simulator = { name: 'simulator', channels: ['VOICE'], send: async (sent: OutgoingMessage) => (plain.push(sent), { kind: 'accepted' as const, providerMessageId: 'plain' }) } as ChannelProvider;
  const provider = new SimulatedConferenceProvider(simulator, async (sessionId) => (sessionId === 'conf' ? conference : null), () => outbox, async (_m, report) => void reports.push(report), {
    latencyMs: 0,
    failureRate,
    replyRate: 0,
  });
  return { provider, kept, reports, plain };
}

describe('the simulator’s conference calls', () => {
  it('answer by a hash of the delivery id: about half join, a quarter decline, a quarter reach a machine; the failure rate first', () => {
    const answers = Array.from({ length: 400 }, (_, index) => simulatedConferenceAnswer(`conf.u${index}.f1:VOICE.1`, 0));
    const count = (answer: string) => answers.filter((found) => found === answer).length;
    expect(count('joined')).toBeGreaterThan(160);
    expect(count('declined')).toBeGreaterThan(70);
    expect(count('machine')).toBeGreaterThan(70);
    expect(count('failed')).toBe(0);
    expect(answers).toEqual(Array.from({ length: 400 }, (_, index) => simulatedConferenceAnswer(`conf.u${index}.f1:VOICE.1`, 0)));
    expect(Array.from({ length: 50 }, (_, index) => simulatedConferenceAnswer(`conf.u${index}.f1:VOICE.1`, 1))).toEqual(Array(50).fill('failed'));
  });

  it('keep what a person hears in the outbox and report the answer as the Twilio route records it', async () => {
    const { provider, kept, reports } = harness();
    const sent = Array.from({ length: 12 }, (_, index) => message('conf', `u${index}`));
    for (const call of sent) expect(await provider.send(call)).toEqual({ kind: 'accepted', providerMessageId: `sim-${call.deliveryId}` });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(kept.map((document) => document.content)).toEqual(Array(12).fill('Join the bridge.'));
    const expected = { joined: { status: 'replied', reply: '1' }, declined: { status: 'replied', reply: '2' }, machine: { status: 'delivered' }, failed: { status: 'failed' } } as const;
    for (const call of sent) {
      expect(reports.filter((report) => report.deliveryId === call.deliveryId)).toEqual([expect.objectContaining(expected[simulatedConferenceAnswer(call.deliveryId, 0)])]);
    }
  });

  it('leave every other call to the simulator', async () => {
    const { provider, plain, kept } = harness();
    expect(await provider.send(message('broadcast', 'u1'))).toEqual({ kind: 'accepted', providerMessageId: 'plain' });
    expect([plain.length, kept.length]).toEqual([1, 0]);
  });
});
