import { describe, expect, it } from '@jest/globals';
import { attemptsAgain, hasAnswered, replyLabelOf, type RecipientDelivery } from './follow-up';
import { followUpPageCounts } from './message-session-follow-up-page';
import { inSequenceOrder, sequenceStep, type ReachableDevice } from './sequence';

const delivery = (deviceId: string, status: RecipientDelivery['status'], attempt = 1, address: string | null = `${deviceId}-address`): RecipientDelivery => ({
  deliveryId: `s1.u1.${deviceId}.${attempt}`,
  recipientId: 'u1',
  deviceId,
  channel: deviceId.split(':')[1] ?? deviceId.toUpperCase(),
  status,
  address,
});

describe('a person’s reply label', () => {
  it('is their reply when any device replied, Delivery Failure when every one failed, else No Response', () => {
    expect(replyLabelOf([delivery('f1:SMS', 'delivered'), delivery('f2:EMAIL', 'replied')])).toBe('replied');
    expect(replyLabelOf([delivery('f1:SMS', 'failed'), delivery('f2:EMAIL', 'timed_out')])).toBe('Delivery Failure');
    expect(replyLabelOf([delivery('f1:SMS', 'failed'), delivery('f2:EMAIL', 'delivered')])).toBe('No Response');
    expect(replyLabelOf([delivery('f1:SMS', 'sent')])).toBe('No Response');
  });
});

describe('an answer (auto-retry and sequence)', () => {
  it('is a reply on any device, or a call picked up; a text or email delivered is not', () => {
    expect(hasAnswered([delivery('f1:SMS', 'replied')])).toBe(true);
    expect(hasAnswered([delivery('f1:VOICE', 'delivered')])).toBe(true);
    expect(hasAnswered([delivery('f1:SMS', 'delivered'), delivery('f2:EMAIL', 'delivered'), delivery('f3:PUSH', 'delivered')])).toBe(false);
    expect(hasAnswered([delivery('f1:VOICE', 'failed')])).toBe(false);
  });
});

describe('a resend to No Response', () => {
  const noResponse = { kind: 'resend', reply: 'No Response' } as const;

  it('sends a new attempt of each answered device of a person with no reply, replacing it', () => {
    expect(attemptsAgain(noResponse, [delivery('f1:SMS', 'delivered'), delivery('f2:EMAIL', 'failed', 2)])).toEqual([
      { deliveryId: 's1.u1.f1:SMS.2', recipientId: 'u1', deviceId: 'f1:SMS', channel: 'SMS', address: 'f1:SMS-address', supersedes: 's1.u1.f1:SMS.1' },
      { deliveryId: 's1.u1.f2:EMAIL.3', recipientId: 'u1', deviceId: 'f2:EMAIL', channel: 'EMAIL', address: 'f2:EMAIL-address', supersedes: 's1.u1.f2:EMAIL.2' },
    ]);
  });

  it('leaves those who replied, those whose every delivery failed, and deliveries still on their way', () => {
    expect(attemptsAgain(noResponse, [delivery('f1:SMS', 'delivered'), delivery('f2:EMAIL', 'replied')])).toEqual([]);
    expect(attemptsAgain(noResponse, [delivery('f1:SMS', 'failed')])).toEqual([]);
    expect(attemptsAgain(noResponse, [delivery('f1:SMS', 'sent'), delivery('f2:EMAIL', 'delivered')]).map((again) => again.deviceId)).toEqual(['f2:EMAIL']);
  });

  it('never goes to a Teams or Slack webhook, and takes the current value where the answer told no address', () => {
    expect(attemptsAgain(noResponse, [{ ...delivery('teams', 'delivered'), recipientId: 'teams-1' }])).toEqual([]);
    expect(attemptsAgain(noResponse, [delivery('f1:SMS', 'failed', 1, null), delivery('f2:EMAIL', 'delivered')], () => '+447700900123').map((again) => again.address)).toEqual([
      '+447700900123',
      'f2:EMAIL-address',
    ]);
    expect(attemptsAgain(noResponse, [delivery('f1:SMS', 'delivered', 1, null)])).toEqual([]);
  });

  it('to Delivery Failure goes to those whose every delivery failed', () => {
    expect(attemptsAgain({ kind: 'resend', reply: 'Delivery Failure' }, [delivery('f1:SMS', 'failed')])).toHaveLength(1);
    expect(attemptsAgain({ kind: 'resend', reply: 'Delivery Failure' }, [delivery('f1:SMS', 'delivered')])).toEqual([]);
  });
});

describe('the auto-retry', () => {
  it('goes to those who have not answered: a text delivered without a reply is sent again, a call picked up is not', () => {
    expect(attemptsAgain({ kind: 'auto_retry' }, [delivery('f1:SMS', 'delivered')])).toHaveLength(1);
    expect(attemptsAgain({ kind: 'auto_retry' }, [delivery('f1:SMS', 'delivered'), delivery('f2:VOICE', 'delivered')])).toEqual([]);
  });
});

describe('a follow-up page', () => {
  it('adds its new devices to the session and queues its new attempts again in place of the old', () => {
    const [again] = attemptsAgain({ kind: 'auto_retry' }, [delivery('f1:SMS', 'delivered')]);
    const first = { deliveryId: 's1.u1.f2:EMAIL.1', recipientId: 'u1', deviceId: 'f2:EMAIL', channel: 'EMAIL' as const, address: 'a@b.test' };
    expect(followUpPageCounts([again!, first])).toEqual({ added: 1, reopened: 1 });
  });
});

describe('a sequence', () => {
  const reachable: ReachableDevice[] = [
    { deviceId: 'f1:VOICE', channel: 'VOICE', address: '+447700900001' },
    { deviceId: 'f1:SMS', channel: 'SMS', address: '+447700900001' },
    { deviceId: 'f2:EMAIL', channel: 'EMAIL', address: 'a@b.test' },
  ];

  it('goes through the devices by their place in the sequence', () => {
    expect(inSequenceOrder([{ id: 'b', position: 2 }, { id: 'a', position: 1 }, { id: 'c', position: 2 }]).map((device) => device.id)).toEqual(['a', 'b', 'c']);
  });

  it('tries one device a step, first the first, and stops at the first answer or the last device', () => {
    expect(sequenceStep('s1', 'u1', reachable, 0, [])).toEqual({ deliveryId: 's1.u1.f1:VOICE.1', recipientId: 'u1', deviceId: 'f1:VOICE', channel: 'VOICE', address: '+447700900001' });
    expect(sequenceStep('s1', 'u1', reachable, 1, [{ channel: 'VOICE', status: 'failed' }])?.deviceId).toBe('f1:SMS');
    expect(sequenceStep('s1', 'u1', reachable, 1, [{ channel: 'VOICE', status: 'delivered' }])).toBeNull();
    expect(sequenceStep('s1', 'u1', reachable, 2, [{ channel: 'VOICE', status: 'failed' }, { channel: 'SMS', status: 'replied' }])).toBeNull();
    expect(sequenceStep('s1', 'u1', reachable, 2, [{ channel: 'VOICE', status: 'failed' }, { channel: 'SMS', status: 'delivered' }])?.deviceId).toBe('f2:EMAIL');
    expect(sequenceStep('s1', 'u1', reachable, 3, [])).toBeNull();
  });
});
