import { describe, expect, it } from '@jest/globals';
import { deliveryIdOf } from '@beacon/domain';
import { sessionOfDelivery } from './session-tenants';

describe('the session a delivery id names', () => {
  it('is the first of its four parts (session, recipient, device, attempt)', () => {
    expect(sessionOfDelivery(deliveryIdOf('3f1c9a2e-0000-4000-8000-000000000001', 'u-1', 'f-1:SMS', 2))).toBe('3f1c9a2e-0000-4000-8000-000000000001');
    expect(sessionOfDelivery(deliveryIdOf('s-1', 'teams-1', 'teams'))).toBe('s-1');
  });

  it('is none for anything else', () => {
    expect(['', 'callback-1', 's.r.d', 's.r.d.x', '.r.d.1', 's.r.d.1.2', 's..d.1'].map(sessionOfDelivery)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
