import { describe, expect, it } from '@jest/globals';
import { newScenarioDraft, type MessageSessionOrigin } from '@beacon/domain';
import { contentByChannel, pushDeliveries } from './session-plan';

const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const origin = (use_pwa: boolean, scenario_type: 'broadcast' | 'sequence' = 'broadcast'): MessageSessionOrigin => ({
  sessionId: 'S1',
  scenarioId: null,
  customerGroupId: 'g1',
  senderUserId: 'u0',
  timeoutSeconds: 1800,
  scenario: { ...newScenarioDraft({ ttsVoice: 'woman', language: 'en-GB' }), scenario_name: 'Gas leak', scenario_type, use_pwa, pwa: { title: 'Gas leak', message: 'Keep away from Mill Street.' } },
});
const browsers = [
  { _id: 'b1', user_id: 'u1', endpoint: 'https://push.example.test/1', keys: KEYS },
  { _id: 'b2', user_id: 'u1', endpoint: 'https://push.example.test/2', keys: KEYS },
  { _id: 'b3', user_id: 'u2', endpoint: 'https://push.example.test/3', keys: KEYS },
];

describe('push deliveries', () => {
  it('plans one push per browser of each recipient, the subscription as its address, for any message type', () => {
    for (const type of ['broadcast', 'sequence'] as const) {
      expect(pushDeliveries(origin(true, type), browsers)).toEqual([
        { deliveryId: 'S1.u1.b1:PUSH.1', recipientId: 'u1', deviceId: 'b1:PUSH', channel: 'PUSH', address: JSON.stringify({ endpoint: 'https://push.example.test/1', keys: KEYS }) },
        { deliveryId: 'S1.u1.b2:PUSH.1', recipientId: 'u1', deviceId: 'b2:PUSH', channel: 'PUSH', address: JSON.stringify({ endpoint: 'https://push.example.test/2', keys: KEYS }) },
        { deliveryId: 'S1.u2.b3:PUSH.1', recipientId: 'u2', deviceId: 'b3:PUSH', channel: 'PUSH', address: JSON.stringify({ endpoint: 'https://push.example.test/3', keys: KEYS }) },
      ]);
    }
  });

  it('plans none without use_pwa', () => {
    expect(pushDeliveries(origin(false), browsers)).toEqual([]);
  });

  it("sends the builder's push title and text", () => {
    expect(contentByChannel(origin(true), [], {}, []).get('PUSH')).toEqual({ subject: 'Gas leak', text: 'Keep away from Mill Street.' });
    expect(contentByChannel(origin(false), [], {}, []).has('PUSH')).toBe(false);
  });
});
