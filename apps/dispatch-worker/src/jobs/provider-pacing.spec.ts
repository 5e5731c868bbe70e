import { describe, expect, it } from '@jest/globals';
import type { OutgoingMessage } from '../channels/channel-provider';
import { ProviderPacing } from './provider-pacing';

const message = (text: string, channel: OutgoingMessage['channel'] = 'SMS', from = 'Council'): OutgoingMessage => ({
  deliveryId: `d-${Math.random()}`,
  tenantId: 't1',
  sessionId: 's1',
  channel,
  address: '+447911123456',
  text,
  from,
});

describe('pacing a provider', () => {
  it('lets a second\'s budget through at once and makes the next send wait for the next second', async () => {
    const pacing = new ProviderPacing({ SMS: 3 });
    const waits = [];
    for (let n = 0; n < 3; n++) waits.push(await pacing.turn('twilio', message('Hello')));
    expect(waits).toEqual([0, 0, 0]);
    const waited = await pacing.turn('twilio', message('Hello'));
    expect(waited).toBeGreaterThan(0);
  });

  it('charges an SMS its part count, so a long text spends more of the budget', async () => {
    const pacing = new ProviderPacing({ SMS: 4 });
    expect(await pacing.turn('twilio', message('x'.repeat(306)))).toBe(0); // two parts of 153
    expect(await pacing.turn('twilio', message('x'.repeat(306)))).toBe(0);
    expect(await pacing.turn('twilio', message('Hi'))).toBeGreaterThan(0);
  });

  it('paces each sender on its own, and leaves channels without a pace alone', async () => {
    const pacing = new ProviderPacing({ SMS: 1 });
    expect(await pacing.turn('twilio', message('Hi', 'SMS', 'Council'))).toBe(0);
    expect(await pacing.turn('twilio', message('Hi', 'SMS', 'Fire service'))).toBe(0);
    for (let n = 0; n < 50; n++) expect(await pacing.turn('smtp', message('Hi', 'EMAIL'))).toBe(0);
  });
});
