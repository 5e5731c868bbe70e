import { describe, expect, it } from '@jest/globals';
import { advanceDeliveryStatus, deliveryStatusAfter, isFinalDeliveryStatus } from './delivery-status';

describe('a delivery’s status', () => {
  it('only moves forward: a late "sent" never overwrites "delivered"', () => {
    expect(deliveryStatusAfter(['submitted', 'delivered', 'sent'])).toBe('delivered');
    expect(advanceDeliveryStatus('delivered', 'sent')).toBe('delivered');
  });

  it('keeps the first final answer, and a reply outranks every other', () => {
    expect(deliveryStatusAfter(['failed', 'delivered'])).toBe('failed');
    expect(deliveryStatusAfter(['delivered', 'replied', 'failed'])).toBe('replied');
    expect(isFinalDeliveryStatus('timed_out')).toBe(true);
    expect(isFinalDeliveryStatus('unknown')).toBe(false);
  });
});
