import { describe, expect, it } from '@jest/globals';
import { deterministicId, eventIdFor } from './event-ids';

describe('deterministic event ids', () => {
  it('gives the same UUID-shaped id for the same name and different ids for different names', () => {
    expect(deterministicId('a')).toBe(deterministicId('a'));
    expect(deterministicId('a')).not.toBe(deterministicId('b'));
    expect(deterministicId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('numbers the events of one command', () => {
    expect(eventIdFor('cmd', 0)).not.toBe(eventIdFor('cmd', 1));
    expect(eventIdFor('cmd', 1)).toBe(eventIdFor('cmd', 1));
  });
});
