import { beforeEach, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import { Document, Filter, FindOptions, InvalidQueryError, SYSTEM_TENANT, Update } from '../../read-store';
import { event, increment, INTERNAL_FIELDS, seedPeople, StoreProvider, TENANT_A, TENANT_B } from './fixtures';

export function tenancyContract(store: StoreProvider): void {
  describe('tenant isolation', () => {
    const things = (tenantId: string) => store().scope(tenantId).collection('things');

    beforeEach(async () => {
      await things(TENANT_A).upsert({ _id: 'x', owner: 'a', shared: true });
      await things(TENANT_A).upsert({ _id: 'only-a', owner: 'a', shared: false });
      await things(TENANT_B).upsert({ _id: 'x', owner: 'b', shared: true });
    });

    it('keeps the same _id in two tenants as two independent documents', async () => {
      expect(await things(TENANT_A).findOne({ _id: 'x' })).toEqual({ _id: 'x', owner: 'a', shared: true });
      expect(await things(TENANT_B).findOne({ _id: 'x' })).toEqual({ _id: 'x', owner: 'b', shared: true });
      expect(store().scope(TENANT_A).tenantId).toBe(TENANT_A);
    });

    it('finds and counts only the scope tenant documents', async () => {
      expect(await things(TENANT_A).count()).toBe(2);
      expect(await things(TENANT_B).find()).toEqual([{ _id: 'x', owner: 'b', shared: true }]);
      expect(await things(TENANT_B).findOne({ _id: 'only-a' })).toBeNull();
      expect(await things(SYSTEM_TENANT).count()).toBe(0);
    });

    it('updates only the scope tenant documents', async () => {
      expect(await things(TENANT_A).updateMany({ shared: true }, { $set: { touched: true } })).toMatchObject({ matched: 1 });
      await things(TENANT_A).updateOne({ _id: 'x' }, { $inc: { hits: 1 } });
      expect(await things(TENANT_B).findOne({ _id: 'x' })).toEqual({ _id: 'x', owner: 'b', shared: true });
      expect(await things(TENANT_B).updateOne({ _id: 'only-a' }, { $set: { owner: 'b' } })).toMatchObject({ matched: 0 });
      expect(await things(TENANT_A).findOne({ _id: 'only-a' })).toEqual({ _id: 'only-a', owner: 'a', shared: false });
    });

    it('upserts into the scope tenant even when another tenant has the _id', async () => {
      const result = await things(TENANT_B).updateOne({ _id: 'only-a' }, { $set: { owner: 'b' } }, { upsert: true });
      expect(result.upsertedId).toBe('only-a');
      expect(await things(TENANT_A).findOne({ _id: 'only-a' })).toEqual({ _id: 'only-a', owner: 'a', shared: false });
      expect(await things(TENANT_B).findOne({ _id: 'only-a' })).toEqual({ _id: 'only-a', owner: 'b' });
    });

    it('deletes only the scope tenant documents', async () => {
      expect(await things(TENANT_A).deleteMany({})).toBe(2);
      expect(await things(TENANT_B).count()).toBe(1);
      expect(await things(TENANT_B).deleteOne({ _id: 'only-a' })).toBe(0);
    });

    it('rejects filters that mention internal fields, however nested', async () => {
      const filters: Filter[] = [
        { _tenant: TENANT_B },
        { _tenant: { $exists: true } },
        { '_tenant.x': 1 },
        { $or: [{ _tenant: TENANT_B }, { owner: 'a' }] },
        { $and: [{ owner: 'b' }, { $or: [{ _deleted: true }] }] },
        { _pos: { $gt: 0 } },
        { $where: 'true' },
        { $expr: { $eq: ['$_tenant', TENANT_B] } },
      ];
      for (const filter of filters) {
        await because(JSON.stringify(filter), () => expect(things(TENANT_A).find(filter)).rejects.toBeInstanceOf(InvalidQueryError));
        await expect(things(TENANT_A).count(filter)).rejects.toBeInstanceOf(InvalidQueryError);
        await expect(things(TENANT_A).deleteMany(filter)).rejects.toBeInstanceOf(InvalidQueryError);
        await expect(things(TENANT_A).updateMany(filter, { $set: { y: 1 } })).rejects.toBeInstanceOf(InvalidQueryError);
      }
      expect(await things(TENANT_B).count()).toBe(1);
    });

    it('rejects updates, documents, sorts and projections that mention internal fields', async () => {
      const updates: Update[] = [{ $set: { _tenant: TENANT_B } }, { $unset: { _deleted: '' } }, { $inc: { _pos: 1 } }];
      for (const update of updates) {
        await expect(things(TENANT_A).updateOne({ _id: 'x' }, update)).rejects.toBeInstanceOf(InvalidQueryError);
      }
      const smuggled = { _id: 'y', _tenant: TENANT_B } as Document;
      await expect(things(TENANT_A).upsert(smuggled)).rejects.toBeInstanceOf(InvalidQueryError);
      const options: FindOptions[] = [{ sort: { _tenant: 1 } }, { projection: { _tenant: 1 } }, { projection: { _pos: 0 } }];
      for (const option of options) {
        await expect(things(TENANT_A).find({}, option)).rejects.toBeInstanceOf(InvalidQueryError);
      }
      expect(await things(TENANT_B).findOne({ _id: 'y' })).toBeNull();
    });

    it('never returns internal fields, whatever wrote the document', async () => {
      await seedPeople(store());
      await things(TENANT_A).updateOne({ _id: 'z' }, { $set: { n: 1 } }, { upsert: true });
      await store().applyProjectionBatch('things-projection', [event(1, increment(TENANT_A, 'p', 1, 'things'))]);
      const results: Document[] = [
        ...(await things(TENANT_A).find()),
        ...(await things(TENANT_A).find({}, { projection: { owner: 0 } })),
        ...(await things(TENANT_A).find({}, { projection: { _id: 0 } })),
        ...(await store().scope(TENANT_A).collection('people').find()),
      ];
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        for (const field of INTERNAL_FIELDS) expect(result).not.toHaveProperty(field);
      }
    });
  });
}
