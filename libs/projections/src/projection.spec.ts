import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import { liveUpdatesFor, type ProjectionDefinition } from './projection';

const event = { position: 7, type: 'Happened', streamName: 's-1', data: {}, metadata: { tenantId: 't1' }, recordedAt: '2026-11-27T10:00:00.000Z', id: 'e1', revision: 0 } as unknown as RecordedEvent;
const projection = (name: string, background?: true): ProjectionDefinition => ({
  name,
  collections: [name],
  ...(background ? { background } : {}),
  project: () => [],
  liveUpdate: () => ({ type: 'Happened', resource: name, id: 'x', data: {}, tenantId: 't1' }),
});

describe('liveUpdatesFor', () => {
  it('stamps each update with the event’s position, and a background read model’s as trailing', () => {
    expect(liveUpdatesFor([projection('counts'), projection('report', true)], event, () => [])).toEqual([
      { type: 'Happened', resource: 'counts', id: 'x', data: {}, tenantId: 't1', position: 7 },
      { type: 'Happened', resource: 'report', id: 'x', data: {}, tenantId: 't1', position: 7, trailing: true },
    ]);
  });
});
