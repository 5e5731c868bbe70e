import { describe, expect, it } from '@jest/globals';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('makes 128 random bits as hex, a new one each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));

    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
