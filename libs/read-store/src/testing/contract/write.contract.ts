import { beforeEach, describe, expect, it } from '@jest/globals';
import { Collection, Document, InvalidQueryError, Update } from '../../read-store';
import { ItNeeds } from './capabilities';
import { person, seedPeople, StoreProvider, TENANT_A } from './fixtures';

export function writeContract(store: StoreProvider, itNeeds: ItNeeds): void {
  describe('writes', () => {
    let people: Collection;
    const load = async (id: string): Promise<Document | null> => people.findOne({ _id: id });

    beforeEach(async () => {
      await seedPeople(store());
      people = store().scope(TENANT_A).collection('people');
    });

    it('upsert inserts a new document and replaces an existing one whole', async () => {
      await people.upsert({ _id: 'x', a: 1, b: 2 });
      expect(await load('x')).toEqual({ _id: 'x', a: 1, b: 2 });
      await people.upsert({ _id: 'x', a: 3 });
      expect(await load('x')).toEqual({ _id: 'x', a: 3 });
      expect(await people.count()).toBe(6);
    });

    it('upsertMany inserts and replaces many documents at once, and rejects them all when one is invalid', async () => {
      await people.upsertMany([{ _id: 'x', a: 1 }, { _id: 'y', a: 2 }, { _id: 'p1', name: 'Replaced' }]);
      expect(await load('x')).toEqual({ _id: 'x', a: 1 });
      expect(await load('y')).toEqual({ _id: 'y', a: 2 });
      expect(await load('p1')).toEqual({ _id: 'p1', name: 'Replaced' });
      await people.upsertMany([]);
      await expect(people.upsertMany([{ _id: 'z', a: 1 }, { a: 2 } as unknown as Document])).rejects.toBeInstanceOf(InvalidQueryError);
      expect(await load('z')).toBeNull();
      expect(await people.count()).toBe(7);
    });

    it('upsert rejects a document without a string _id', async () => {
      await expect(people.upsert({ a: 1 } as unknown as Document)).rejects.toBeInstanceOf(InvalidQueryError);
    });

    it('$set sets top-level and dotted fields and reports the change', async () => {
      const result = await people.updateOne({ _id: 'p1' }, { $set: { city: 'Paris', 'address.zip': '999' } });
      expect(result).toEqual({ matched: 1, modified: 1, upsertedId: null });
      expect(await load('p1')).toEqual({ ...person('p1'), city: 'Paris', address: { zip: '999', country: 'UK' } });
    });

    it('counts a $set to the current value as matched but not modified', async () => {
      expect(await people.updateOne({ _id: 'p1' }, { $set: { city: 'London' } })).toEqual({
        matched: 1,
        modified: 0,
        upsertedId: null,
      });
    });

    it('$unset removes fields', async () => {
      await people.updateOne({ _id: 'p1' }, { $unset: { city: '', 'address.zip': '' } });
      const { city: _city, ...rest } = person('p1');
      expect(await load('p1')).toEqual({ ...rest, address: { country: 'UK' } });
    });

    it('$inc adds to numbers and starts missing fields from zero', async () => {
      await people.updateOne({ _id: 'p1' }, { $inc: { age: 2, visits: 1 } });
      await people.updateOne({ _id: 'p1' }, { $inc: { visits: 1, 'stats.logins': -1 } });
      expect(await load('p1')).toMatchObject({ age: 38, visits: 2, stats: { logins: -1 } });
    });

    it('$inc on a non-numeric field is rejected', async () => {
      await expect(people.updateOne({ _id: 'p1' }, { $inc: { name: 1 } })).rejects.toBeInstanceOf(InvalidQueryError);
    });

    it('$push appends to arrays and creates missing ones', async () => {
      await people.updateOne({ _id: 'p1' }, { $push: { tags: 'history', notes: 'first' } });
      expect(await load('p1')).toMatchObject({ tags: ['math', 'code', 'history'], notes: ['first'] });
    });

    it('$pull removes matching values and equal sub-documents', async () => {
      await people.updateOne({ _id: 'p1' }, { $pull: { tags: 'code', skills: { name: 'poetry', level: 2 } } });
      expect(await load('p1')).toMatchObject({ tags: ['math'], skills: [{ name: 'math', level: 5 }] });
    });

    itNeeds('pullByCondition', '$pull removes values and sub-documents matching a condition', async () => {
      await people.updateOne({ _id: 'p1' }, { $pull: { tags: { $in: ['code', 'navy'] }, skills: { level: { $lt: 3 } } } });
      expect(await load('p1')).toMatchObject({ tags: ['math'], skills: [{ name: 'math', level: 5 }] });
    });

    it('updateOne changes only one of several matches', async () => {
      const result = await people.updateOne({ city: 'London' }, { $set: { flagged: true } });
      expect(result).toEqual({ matched: 1, modified: 1, upsertedId: null });
      expect(await people.count({ flagged: true })).toBe(1);
    });

    it('updateOne without a match changes nothing', async () => {
      expect(await people.updateOne({ city: 'Paris' }, { $set: { flagged: true } })).toEqual({
        matched: 0,
        modified: 0,
        upsertedId: null,
      });
      expect(await people.count()).toBe(5);
    });

    it('updateOne with upsert inserts a document seeded from the filter equalities', async () => {
      const update: Update = { $set: { score: 1 }, $inc: { visits: 1 }, $push: { log: 'created' } };
      const filter = { _id: 'n1', kind: 'lead', 'profile.tier': 'gold', age: { $gt: 10 } };
      const result = await people.updateOne(filter, update, { upsert: true });
      expect(result).toEqual({ matched: 0, modified: 0, upsertedId: 'n1' });
      expect(await load('n1')).toEqual({ _id: 'n1', kind: 'lead', profile: { tier: 'gold' }, score: 1, visits: 1, log: ['created'] });
    });

    it('updateOne with upsert generates a string _id when the filter has none', async () => {
      const result = await people.updateOne({ email: 'x@example.com' }, { $set: { name: 'X' } }, { upsert: true });
      expect(typeof result.upsertedId).toBe('string');
      expect(await people.findOne({ email: 'x@example.com' })).toEqual({ _id: result.upsertedId, email: 'x@example.com', name: 'X' });
    });

    it('updateOne with upsert updates a matching document instead of inserting', async () => {
      const result = await people.updateOne({ _id: 'p2' }, { $inc: { age: 1 } }, { upsert: true });
      expect(result).toEqual({ matched: 1, modified: 1, upsertedId: null });
      expect(await people.count()).toBe(5);
      expect(await load('p2')).toMatchObject({ age: 42 });
    });

    it('updateMany changes every match and reports the counts', async () => {
      const result = await people.updateMany({ 'address.country': 'UK' }, { $inc: { age: 1 } });
      expect(result).toEqual({ matched: 3, modified: 3, upsertedId: null });
      const ages = await people.find({ 'address.country': 'UK' }, { sort: { _id: 1 }, projection: { age: 1, _id: 0 } });
      expect(ages).toEqual([{ age: 37 }, { age: 42 }, { age: 42 }]);
      expect(await load('p3')).toEqual(person('p3'));
    });

    it('rejects updates that change _id or use an unsupported operator', async () => {
      await expect(people.updateOne({ _id: 'p1' }, { $set: { _id: 'other' } })).rejects.toBeInstanceOf(InvalidQueryError);
      const rename = { $rename: { city: 'town' } } as unknown as Update;
      await expect(people.updateMany({}, rename)).rejects.toBeInstanceOf(InvalidQueryError);
      await expect(people.updateMany({}, {})).rejects.toBeInstanceOf(InvalidQueryError);
    });

    it('deleteOne deletes one match and returns the count', async () => {
      expect(await people.deleteOne({ city: 'London' })).toBe(1);
      expect(await people.count({ city: 'London' })).toBe(1);
      expect(await people.deleteOne({ city: 'Paris' })).toBe(0);
    });

    it('deleteMany deletes every match and returns the count', async () => {
      expect(await people.deleteMany({ 'address.country': 'UK' })).toBe(3);
      expect((await people.find({}, { sort: { _id: 1 } })).map((document) => document._id)).toEqual(['p3', 'p4']);
      expect(await people.deleteMany({ city: 'Paris' })).toBe(0);
    });
  });
}
