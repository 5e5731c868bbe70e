import { describe, expect, it } from '@jest/globals';
import { FairSendSlots, type ReleaseSlot } from './fair-send-slots';

/** Acquires, and notes who got a slot in which order. */
function recorder(slots: FairSendSlots) {
  const granted: string[] = [];
  const releases = new Map<string, ReleaseSlot[]>();
  const ask = (tenantId: string, channel: string, label = `${tenantId}:${channel}`) =>
    void slots.acquire(tenantId, channel).then((release) => {
      granted.push(label);
      releases.set(label, [...(releases.get(label) ?? []), release]);
    });
  const release = (label: string) => releases.get(label)!.shift()!();
  return { granted, ask, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fair send slots', () => {
  it('lets one organisation use every slot while nobody else waits, and no more than there are', async () => {
    const slots = new FairSendSlots(4);
    const { granted, ask, release } = recorder(slots);
    for (let n = 0; n < 6; n++) ask('a', 'EMAIL');
    await settle();
    expect(granted).toHaveLength(4);
    release('a:EMAIL');
    await settle();
    expect(granted).toHaveLength(5);
    expect(slots.inFlight()).toBe(4);
  });

  it('gives a freed slot to the organisation with the fewest sends in flight, not the one that asked first', async () => {
    const slots = new FairSendSlots(4);
    const { granted, ask, release } = recorder(slots);
    for (let n = 0; n < 10; n++) ask('broadcaster', 'SMS');
    await settle();
    ask('small', 'SMS');
    await settle();
    expect(granted.filter((label) => label === 'small:SMS')).toHaveLength(0);
    release('broadcaster:SMS');
    await settle();
    expect(granted.at(-1)).toBe('small:SMS');
    expect(slots.inFlight('small')).toBe(1);
  });

  it('never lets one organisation hold more than half the slots while another waits', async () => {
    const slots = new FairSendSlots(4);
    const { granted, ask, release } = recorder(slots);
    ask('a', 'SMS');
    ask('a', 'SMS');
    ask('b', 'SMS');
    ask('c', 'SMS');
    await settle();
    expect(slots.inFlight('a')).toBe(2);
    // a asks on a channel with nothing in flight (fewest by channel), b asks again: a already holds half.
    ask('a', 'EMAIL');
    ask('b', 'SMS', 'b:SMS again');
    release('c:SMS');
    await settle();
    expect(granted.at(-1)).toBe('b:SMS again');
    expect(slots.inFlight('a')).toBe(2);
    // Once nobody else waits, a may take the free slot.
    release('b:SMS');
    await settle();
    expect(granted.at(-1)).toBe('a:EMAIL');
    expect(slots.inFlight('a')).toBe(3);
  });

  it('takes the oldest first among equals, and a slot released twice is freed once', async () => {
    const slots = new FairSendSlots(2);
    const { granted, ask } = recorder(slots);
    const releaseFirst = await slots.acquire('a', 'SMS');
    ask('b', 'SMS', 'second');
    ask('c', 'SMS', 'third');
    ask('d', 'SMS', 'fourth');
    await settle();
    expect(granted).toEqual(['second']);
    releaseFirst();
    releaseFirst();
    await settle();
    expect(granted).toEqual(['second', 'third']);
    expect(slots.inFlight()).toBe(2);
  });

  it('refuses fewer than two slots', () => {
    expect(() => new FairSendSlots(1)).toThrow('at least 2');
  });
});
