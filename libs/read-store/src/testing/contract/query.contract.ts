import { beforeEach, describe, expect, it } from '@jest/globals';
import { Collection, Filter, FindOptions, InvalidQueryError } from '../../read-store';
import { ItNeeds } from './capabilities';
import { ids, person, seedPeople, StoreProvider, TENANT_A } from './fixtures';

export function queryContract(store: StoreProvider, itNeeds: ItNeeds): void {
  describe('queries', () => {
    let people: Collection;
    const found = async (filter: Filter, options?: FindOptions): Promise<string[]> => ids(await people.find(filter, options));
    const matching = async (filter: Filter): Promise<string[]> => (await found(filter)).sort();

    beforeEach(async () => {
      await seedPeople(store());
      people = store().scope(TENANT_A).collection('people');
    });

    it('finds every document with an empty filter, whole and unchanged', async () => {
      const all = await people.find();
      expect(all).toHaveLength(5);
      expect(all.find((document) => document._id === 'p1')).toEqual(person('p1'));
    });

    it('matches equality, $eq and $ne', async () => {
      expect(await matching({ city: 'London' })).toEqual(['p1', 'p5']);
      expect(await matching({ age: { $eq: 41 } })).toEqual(['p2', 'p5']);
      expect(await matching({ city: { $ne: 'London' } })).toEqual(['p2', 'p3', 'p4']);
    });

    it('matches $in and $nin', async () => {
      expect(await matching({ city: { $in: ['London', 'Helsinki'] } })).toEqual(['p1', 'p4', 'p5']);
      expect(await matching({ city: { $nin: ['London', 'Helsinki'] } })).toEqual(['p2', 'p3']);
    });

    it('matches $gt, $gte, $lt and $lte without crossing types', async () => {
      expect(await matching({ age: { $gt: 36, $lte: 41 } })).toEqual(['p2', 'p5']);
      expect(await matching({ age: { $gte: 85 } })).toEqual(['p3']);
      expect(await matching({ age: { $lt: 36 } })).toEqual(['p4']);
      expect(await matching({ name: { $gt: 0 } })).toEqual([]);
    });

    it('pages by id: each page after the last id of the one before (as an organisation’s export reads)', async () => {
      const pages: string[][] = [];
      for (let after: string | null = null; ; ) {
        const page = await found(after === null ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: 2 });
        if (!page.length) break;
        pages.push(page);
        after = page.at(-1)!;
      }
      expect(pages).toEqual([['p1', 'p2'], ['p3', 'p4'], ['p5']]);
    });

    it('matches $exists and null like MongoDB', async () => {
      expect(await matching({ retired: { $exists: true } })).toEqual(['p5']);
      expect(await matching({ retired: { $exists: false } })).toEqual(['p1', 'p2', 'p3', 'p4']);
      expect(await matching({ nickname: { $exists: true } })).toEqual(['p4']);
      expect(await matching({ nickname: null })).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    });

    it('combines conditions with $and and $or', async () => {
      expect(await matching({ $or: [{ city: 'Helsinki' }, { age: { $gt: 80 } }] })).toEqual(['p3', 'p4']);
      expect(await matching({ $and: [{ age: { $gte: 36 } }, { 'address.country': 'UK' }] })).toEqual(['p1', 'p2', 'p5']);
    });

    it('matches $regex with options and as a regular expression', async () => {
      expect(await matching({ name: { $regex: '^a', $options: 'i' } })).toEqual(['p1', 'p2']);
      expect(await matching({ name: /ra$/ })).toEqual(['p5']);
    });

    it('matches arrays by element', async () => {
      expect(await matching({ tags: 'code' })).toEqual(['p1', 'p2', 'p3']);
      expect(await matching({ tags: { $in: ['navy', 'math'] } })).toEqual(['p1', 'p3']);
    });

    itNeeds('elemMatchOnSubdocuments', 'matches arrays of sub-documents with $elemMatch', async () => {
      expect(await matching({ skills: { $elemMatch: { name: 'math', level: { $gte: 5 } } } })).toEqual(['p1']);
      expect(await matching({ skills: { $elemMatch: { name: 'poetry', level: { $gte: 5 } } } })).toEqual([]);
      expect(await matching({ skills: { $elemMatch: { level: { $gte: 5 } } } })).toEqual(['p1', 'p2']);
    });

    it('follows dotted paths into objects and arrays of objects', async () => {
      expect(await matching({ 'address.zip': '300' })).toEqual(['p3']);
      expect(await matching({ 'skills.name': 'code' })).toEqual(['p2']);
    });

    it('matches by _id', async () => {
      expect(await matching({ _id: 'p2' })).toEqual(['p2']);
      expect(await matching({ _id: { $in: ['p1', 'p9', 'p3'] } })).toEqual(['p1', 'p3']);
      expect(await matching({ _id: 'p2', city: 'London' })).toEqual([]);
    });

    it('rejects an unknown operator', async () => {
      await expect(people.find({ age: { $foo: 1 } })).rejects.toBeInstanceOf(InvalidQueryError);
    });

    it('sorts ascending and descending on several keys', async () => {
      expect(await found({}, { sort: { age: 1, name: 1 } })).toEqual(['p4', 'p1', 'p2', 'p5', 'p3']);
      expect(await found({}, { sort: { age: -1, name: -1 } })).toEqual(['p3', 'p5', 'p2', 'p1', 'p4']);
      expect(await found({}, { sort: { age: -1, name: 1 } })).toEqual(['p3', 'p2', 'p5', 'p1', 'p4']);
      expect(await found({}, { sort: { 'address.zip': -1 } })).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    });

    it('pages with skip and limit after sorting', async () => {
      const byName = { name: 1 } as const;
      expect(await found({}, { sort: byName, limit: 2 })).toEqual(['p1', 'p2']);
      expect(await found({}, { sort: byName, skip: 2, limit: 2 })).toEqual(['p5', 'p3']);
      expect(await found({}, { sort: byName, skip: 4, limit: 2 })).toEqual(['p4']);
      expect(await found({ city: 'London' }, { sort: { age: -1 }, skip: 1 })).toEqual(['p1']);
    });

    it('projects by inclusion, keeping _id unless excluded', async () => {
      expect(await people.find({ _id: 'p1' }, { projection: { name: 1 } })).toEqual([{ _id: 'p1', name: 'Ada' }]);
      expect(await people.find({ _id: 'p1' }, { projection: { name: 1, _id: 0 } })).toEqual([{ name: 'Ada' }]);
      expect(await people.find({ city: 'London' }, { projection: { _id: 1 }, sort: { _id: 1 } })).toEqual([{ _id: 'p1' }, { _id: 'p5' }]);
      expect(await people.find({ _id: { $in: ['p1', 'p4'] } }, { projection: { nickname: 1, tags: 1 }, sort: { _id: 1 } })).toEqual([
        { _id: 'p1', tags: ['math', 'code'] },
        { _id: 'p4', tags: [], nickname: null },
      ]);
      expect(await people.find({ _id: 'p1' }, { projection: { 'address.country': 1 } })).toEqual([
        { _id: 'p1', address: { country: 'UK' } },
      ]);
    });

    it('projects by exclusion', async () => {
      const projection = { tags: 0, skills: 0, address: 0 } as const;
      expect(await people.find({ _id: 'p1' }, { projection })).toEqual([{ _id: 'p1', name: 'Ada', age: 36, city: 'London' }]);
      expect(await people.find({ _id: 'p2' }, { projection: { _id: 0, tags: 0, skills: 0, address: 0 } })).toEqual([
        { name: 'Alan', age: 41, city: 'Manchester' },
      ]);
    });

    it('rejects a projection that mixes inclusion and exclusion', async () => {
      await expect(people.find({}, { projection: { name: 1, age: 0 } })).rejects.toBeInstanceOf(InvalidQueryError);
    });

    it('counts matching documents', async () => {
      expect(await people.count()).toBe(5);
      expect(await people.count({ city: 'London' })).toBe(2);
      expect(await people.count({ age: { $gt: 100 } })).toBe(0);
    });

    it('finds one document, honouring sort and projection', async () => {
      expect(await people.findOne({ city: 'London' }, { sort: { age: -1 } })).toEqual(person('p5'));
      expect(await people.findOne({ city: 'London' }, { sort: { age: 1 }, projection: { name: 1 } })).toEqual({
        _id: 'p1',
        name: 'Ada',
      });
      expect(await people.findOne({ city: 'Paris' })).toBeNull();
    });
  });
}
