import { describe, expect, it } from '@jest/globals';
import { customerGroupOptions } from './customer-group-options';

describe('customerGroupOptions', () => {
  it('puts each group under its parent, keeping the server’s order among siblings', () => {
    const options = customerGroupOptions([
      { id: 'root', name: 'Demo Organisation', parent: null },
      { id: 'north', name: 'North Region', parent: 'root' },
      { id: 'south', name: 'South Region', parent: 'root' },
      { id: 'ward', name: 'North Ward', parent: 'north' },
    ]);

    expect(options).toEqual([
      { id: 'root', name: 'Demo Organisation', depth: 0 },
      { id: 'north', name: 'North Region', depth: 1 },
      { id: 'ward', name: 'North Ward', depth: 2 },
      { id: 'south', name: 'South Region', depth: 1 },
    ]);
  });

  it('starts at the groups whose parent the user does not reach', () => {
    const options = customerGroupOptions([
      { id: 'north', name: 'North Region', parent: 'root' },
      { id: 'ward', name: 'North Ward', parent: 'north' },
    ]);

    expect(options.map(({ id, depth }) => [id, depth])).toEqual([
      ['north', 0],
      ['ward', 1],
    ]);
  });
});
