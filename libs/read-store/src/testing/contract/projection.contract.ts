import { describe, expect, it } from '@jest/globals';
import { Document, ProjectedEvent } from '../../read-store';
import { event, increment, label, remove, StoreProvider, TENANT_A, TENANT_B } from './fixtures';

const HISTORY: ProjectedEvent[] = [
  event(1, increment(TENANT_A, 'c1')),
  event(2, increment(TENANT_A, 'c1'), increment(TENANT_B, 'c1', 10)),
  event(3, label(TENANT_A, 'c2', 'second'), increment(TENANT_A, 'c3')),
  event(4, increment(TENANT_A, 'c1', 5)),
  event(5, remove(TENANT_A, 'c3')),
];

export function projectionContract(store: StoreProvider): void {
  describe('projections', () => {
    const counters = (tenantId: string) => store().scope(tenantId).collection('counters');
    const snapshot = async (): Promise<Document[][]> => [
      await counters(TENANT_A).find({}, { sort: { _id: 1 } }),
      await counters(TENANT_B).find({}, { sort: { _id: 1 } }),
    ];

    it('starts with checkpoint 0', async () => {
      expect(await store().getCheckpoint('counters')).toBe(0);
    });

    it('applies each change in event order and moves the checkpoint to the last position', async () => {
      await store().applyProjectionBatch('counters', HISTORY.slice(0, 3));
      expect(await counters(TENANT_A).find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'c1', count: 2 },
        { _id: 'c2', count: 0, label: 'second' },
        { _id: 'c3', count: 1 },
      ]);
      expect(await counters(TENANT_B).find()).toEqual([{ _id: 'c1', count: 10 }]);
      expect(await store().getCheckpoint('counters')).toBe(3);
    });

    it('hands apply the current document without internal fields', async () => {
      const seen: (Document | null)[] = [];
      const spy = (position: number) =>
        event(position, { collection: 'counters', tenantId: TENANT_A, id: 's', apply: (current) => (seen.push(current), { _id: 's', n: position }) });
      await store().applyProjectionBatch('spy', [spy(1)]);
      await store().applyProjectionBatch('spy', [spy(2)]);
      expect(seen).toEqual([null, { _id: 's', n: 1 }]);
    });

    it('applies every event exactly once when a batch is applied again', async () => {
      await store().applyProjectionBatch('counters', HISTORY.slice(0, 3));
      await store().applyProjectionBatch('counters', HISTORY.slice(0, 3));
      expect(await counters(TENANT_A).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 2 });
      expect(await counters(TENANT_B).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 10 });
      expect(await store().getCheckpoint('counters')).toBe(3);
    });

    it('skips the already applied part of an overlapping batch', async () => {
      await store().applyProjectionBatch('counters', HISTORY.slice(0, 2));
      await store().applyProjectionBatch('counters', HISTORY.slice(1, 4));
      expect(await counters(TENANT_A).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 7 });
      expect(await counters(TENANT_B).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 10 });
      expect(await store().getCheckpoint('counters')).toBe(4);
    });

    it('deletes a document when apply returns null, and hides it from every query', async () => {
      await store().applyProjectionBatch('counters', HISTORY);
      expect(await counters(TENANT_A).findOne({ _id: 'c3' })).toBeNull();
      expect(await counters(TENANT_A).count()).toBe(2);
      expect(await counters(TENANT_A).count({ _id: 'c3' })).toBe(0);
      expect(await store().getCheckpoint('counters')).toBe(5);
    });

    it('creates a deleted document again from a later event', async () => {
      await store().applyProjectionBatch('counters', HISTORY);
      await store().applyProjectionBatch('counters', [event(6, increment(TENANT_A, 'c3', 3))]);
      expect(await counters(TENANT_A).findOne({ _id: 'c3' })).toEqual({ _id: 'c3', count: 3 });
    });

    it('lets deleted documents free their unique keys', async () => {
      await store().ensureIndexes('counters', [{ keys: { label: 1 }, unique: true }]);
      await store().applyProjectionBatch('labels', [
        event(1, label(TENANT_A, 'd1', 'x'), label(TENANT_A, 'd2', 'y')),
        event(2, remove(TENANT_A, 'd1'), remove(TENANT_A, 'd2')),
        event(3, label(TENANT_A, 'd3', 'x')),
      ]);
      expect(await counters(TENANT_A).find()).toEqual([{ _id: 'd3', count: 0, label: 'x' }]);
    });

    it('resetProjection clears the documents of every tenant and the checkpoint, and nothing else', async () => {
      await store().applyProjectionBatch('counters', HISTORY);
      await store().applyProjectionBatch('other', [event(9, increment(TENANT_A, 'kept', 1, 'others'))]);
      await store().resetProjection('counters', ['counters']);
      expect(await snapshot()).toEqual([[], []]);
      expect(await store().getCheckpoint('counters')).toBe(0);
      expect(await store().getCheckpoint('other')).toBe(9);
      expect(await store().scope(TENANT_A).collection('others').count()).toBe(1);
    });

    it('rebuilds the same documents after a reset', async () => {
      await store().applyProjectionBatch('counters', HISTORY.slice(0, 2));
      await store().applyProjectionBatch('counters', HISTORY.slice(2));
      const before = await snapshot();
      await store().resetProjection('counters', ['counters']);
      await store().applyProjectionBatch('counters', HISTORY);
      expect(await snapshot()).toEqual(before);
      expect(await store().getCheckpoint('counters')).toBe(5);
    });
    it('reapplyEvent applies an earlier event on top of the documents as they stand and keeps the checkpoint', async () => {
      await store().applyProjectionBatch('counters', HISTORY);
      await store().reapplyEvent(event(2, increment(TENANT_A, 'c1', 100), increment(TENANT_B, 'new', 1)));
      expect(await counters(TENANT_A).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 107 });
      expect(await counters(TENANT_B).findOne({ _id: 'new' })).toEqual({ _id: 'new', count: 1 });
      expect(await store().getCheckpoint('counters')).toBe(5);
    });

    it('reapplyEvent can delete a document, and later batches still see the documents it wrote', async () => {
      await store().applyProjectionBatch('counters', HISTORY.slice(0, 4));
      await store().reapplyEvent(event(1, remove(TENANT_A, 'c2'), increment(TENANT_A, 'c1', 10)));
      await store().applyProjectionBatch('counters', [event(6, increment(TENANT_A, 'c1', 1))]);
      expect(await counters(TENANT_A).findOne({ _id: 'c2' })).toBeNull();
      expect(await counters(TENANT_A).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 18 });
      expect(await store().getCheckpoint('counters')).toBe(6);
    });

    it('reapplyEvent refuses a change without a document id and writes nothing', async () => {
      await store().applyProjectionBatch('counters', HISTORY);
      await expect(store().reapplyEvent(event(3, increment(TENANT_A, 'c1', 1), increment(TENANT_A, '', 1)))).rejects.toThrow(/document id/);
      expect(await counters(TENANT_A).findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 7 });
    });
  });
}
