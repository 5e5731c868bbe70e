import { beforeEach, describe, expect, it } from '@jest/globals';
import { Collection, Document, Filter, InvalidQueryError, SortSpec } from '../../read-store';
import { ids, StoreProvider, TENANT_A, TENANT_B } from './fixtures';

/** 60 tickets: every combination of 3 states, 4 teams and 5 priorities, each with a distinct time. */
const TICKETS: Document[] = Array.from({ length: 60 }, (_, n) => ({
  _id: `k${String(n).padStart(2, '0')}`,
  state: ['open', 'closed', 'parked'][n % 3],
  team: ['north', 'south', 'East', 'west'][n % 4],
  priority: n % 5,
  opened_at: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
  title: `Ticket ${n} ${n % 2 ? 'Water' : 'power'} outage`,
  path: ['root', n % 4 < 2 ? 'north-region' : 'south-region', `team-${n % 4}`],
}));

const where = (test: (ticket: Document) => boolean): string[] => TICKETS.filter(test).map((ticket) => ticket._id);

/** Which values compare with which, and in what order, across types (MongoDB's BSON order). */
const MIXED: Document[] = [
  { _id: 'm1', v: 1 },
  { _id: 'm2', v: 2.5 },
  { _id: 'm3', v: '1' },
  { _id: 'm4', v: 'b' },
  { _id: 'm5', v: true },
  { _id: 'm6', v: false },
  { _id: 'm7', v: null },
  { _id: 'm8' },
  { _id: 'm9', v: { a: 1 } },
  { _id: 'm10', v: -3 },
  { _id: 'm11', v: 'B' },
];

/**
 * The queries read models page through, with the indexes their callers declare: filters, sort,
 * skip, limit and count must agree with each other and with the data, whatever the store runs in
 * its engine and whatever it checks afterwards.
 */
export function indexedQueryContract(store: StoreProvider): void {
  describe('indexed queries', () => {
    let tickets: Collection;
    let mixed: Collection;
    const found = async (filter: Filter, sort?: SortSpec, skip?: number, limit?: number) =>
      ids(await tickets.find(filter, { sort, skip, limit }));

    beforeEach(async () => {
      await store().ensureIndexes('tickets', [
        { keys: { state: 1, opened_at: -1 } },
        { keys: { team: 1, _id: -1 } },
        { keys: { priority: 1 } },
        { keys: { path: 1, opened_at: -1 } },
        { keys: { team: 1, priority: 1 }, include: ['title'], name: 'team_priority_with_title' },
      ]);
      tickets = store().scope(TENANT_A).collection('tickets');
      for (const ticket of TICKETS) await tickets.upsert(structuredClone(ticket));
      await store().scope(TENANT_B).collection('tickets').upsert({ ...TICKETS[0]!, _id: 'other-tenant' });
      mixed = store().scope(TENANT_A).collection('mixed');
      for (const document of MIXED) await mixed.upsert(structuredClone(document));
    });

    it('pages a filtered, sorted list: the pages join up to the whole list, and the count matches', async () => {
      const filter = { state: { $in: ['open', 'parked'] } };
      const all = await found(filter, { opened_at: -1 });
      expect(all).toEqual(where((t) => t.state !== 'closed').reverse());
      const pages = [];
      for (let skip = 0; skip < all.length; skip += 7) pages.push(...(await found(filter, { opened_at: -1 }, skip, 7)));
      expect(pages).toEqual(all);
      expect(await tickets.count(filter)).toBe(40);
      expect(await found(filter, { opened_at: -1 }, 38, 7)).toEqual(all.slice(38));
      expect(await found(filter, { opened_at: -1 }, 40, 7)).toEqual([]);
    });

    it('breaks ties in the sort by _id, so that paging never repeats or skips a document', async () => {
      const byPriority = [...TICKETS].sort((a, b) => (a.priority as number) - (b.priority as number) || a._id.localeCompare(b._id));
      expect(await found({}, { priority: 1 }, 10, 15)).toEqual(ids(byPriority.slice(10, 25)));
      expect(await found({ team: 'south' }, { _id: -1 }, 0, 3)).toEqual(['k57', 'k53', 'k49']);
    });

    it('combines equality, ranges and $or on indexed fields', async () => {
      const filter = { state: 'open', opened_at: { $gte: '2026-01-10', $lt: '2026-02-01' }, $or: [{ priority: { $lte: 1 } }, { team: 'west' }] };
      const expected = where(
        (t) =>
          t.state === 'open' &&
          (t.opened_at as string) >= '2026-01-10' &&
          (t.opened_at as string) < '2026-02-01' &&
          ((t.priority as number) <= 1 || t.team === 'west'),
      );
      expect(await found(filter, { opened_at: 1 })).toEqual(expected);
      expect(await tickets.count(filter)).toBe(expected.length);
    });

    it('matches array elements of an indexed field, alone and with a sort on another', async () => {
      const south = where((t) => (t.path as string[]).includes('south-region'));
      expect(await found({ path: 'south-region' }, { opened_at: -1 }, 0, 5)).toEqual(south.reverse().slice(0, 5));
      expect(await tickets.count({ path: 'south-region' })).toBe(30);
      expect(await tickets.count({ path: { $in: ['team-1', 'team-2'] } })).toBe(30);
      expect(await tickets.count({ path: { $ne: 'root' } })).toBe(0);
    });

    it('searches text case-insensitively, combined with an index filter and paging', async () => {
      const filter = { team: 'East', title: { $regex: 'water', $options: 'i' } };
      const expected = where((t) => t.team === 'East' && /water/i.test(t.title as string));
      expect(await found(filter, { _id: 1 }, 1, 2)).toEqual(expected.slice(1, 3));
      expect(await tickets.count(filter)).toBe(expected.length);
      expect(await tickets.count({ team: { $regex: '^e' } })).toBe(0);
      expect(await tickets.count({ team: { $regex: '^e', $options: 'i' } })).toBe(15);
    });

    it('counts subsets of a filter as count counts each, one subset or none, whatever the engine does in one pass', async () => {
      const filter = { team: { $in: ['north', 'East'] } };
      const subsets: Filter[] = [
        { title: { $regex: 'Water' } },
        { $nor: [{ title: { $regex: 'Water' } }, { state: 'open' }] },
        { priority: { $gte: 3 }, state: { $in: ['open', 'parked'] } },
        { path: 'south-region' },
        { title: { $regex: 'ter O', $options: 'i' } },
        {},
        { state: 'none' },
      ];
      const expected = await Promise.all(subsets.map((subset) => tickets.count({ $and: [filter, subset] })));
      const inFilter = (test: (ticket: Document) => boolean) => where((t) => ['north', 'East'].includes(t.team as string) && test(t)).length;
      const water = (t: Document) => (t.title as string).includes('Water');
      expect(expected).toEqual([
        inFilter(water),
        inFilter((t) => !water(t) && t.state !== 'open'),
        inFilter((t) => (t.priority as number) >= 3 && t.state !== 'closed'),
        inFilter((t) => (t.path as string[]).includes('south-region')),
        inFilter((t) => /ter o/i.test(t.title as string)),
        30,
        0,
      ]);
      expect(await tickets.countSubsets(filter, subsets)).toEqual({ count: 30, subsets: expected });
      expect(await tickets.countSubsets({}, [])).toEqual({ count: 60, subsets: [] });
      expect(await tickets.countSubsets({ state: 'none' }, [{ team: 'west' }])).toEqual({ count: 0, subsets: [0] });
      expect(await store().scope(TENANT_B).collection('tickets').countSubsets(filter, [{ state: 'open' }])).toEqual({ count: 1, subsets: [1] });
    });

    it('refuses subsets that are not filters', async () => {
      await expect(tickets.countSubsets({}, [{ $where: 'x' }])).rejects.toBeInstanceOf(InvalidQueryError);
      await expect(tickets.countSubsets({}, 'state' as unknown as Filter[])).rejects.toBeInstanceOf(InvalidQueryError);
    });

    it('counts and finds nothing of another tenant', async () => {
      expect(await tickets.count()).toBe(60);
      expect(await tickets.count({ state: 'open' })).toBe(20);
      expect(await store().scope(TENANT_B).collection('tickets').count({ state: 'open' })).toBe(1);
    });

    it('compares values only with values of the same type', async () => {
      const matching = async (filter: Filter) => ids(await mixed.find(filter)).sort();
      expect(await matching({ v: 1 })).toEqual(['m1']);
      expect(await matching({ v: true })).toEqual(['m5']);
      expect(await matching({ v: { $gt: 0 } })).toEqual(['m1', 'm2']);
      expect(await matching({ v: { $lt: 'a' } })).toEqual(['m11', 'm3']);
      expect(await matching({ v: { $gte: false } })).toEqual(['m5', 'm6']);
      expect(await matching({ v: { $in: [1, 'b', null] } })).toEqual(['m1', 'm4', 'm7', 'm8']);
    });

    it('counts missing fields as not equal, and $exists tells missing from null', async () => {
      const matching = async (filter: Filter) => ids(await mixed.find(filter)).sort();
      expect(await matching({ v: { $nin: [1, 'b', true, false, -3, 'B', '1', 2.5] } })).toEqual(['m7', 'm8', 'm9']);
      expect(await matching({ v: { $ne: null } })).toEqual(['m1', 'm10', 'm11', 'm2', 'm3', 'm4', 'm5', 'm6', 'm9']);
      expect(await matching({ v: { $exists: false } })).toEqual(['m8']);
      expect(await matching({ 'v.a': { $exists: true } })).toEqual(['m9']);
      expect(await matching({ $nor: [{ v: { $type: 'number' } }, { v: { $exists: false } }] })).toEqual(['m11', 'm3', 'm4', 'm5', 'm6', 'm7', 'm9']);
    });

    it('sorts across types in MongoDB order: null and missing, numbers, strings, sub-documents, booleans', async () => {
      expect(ids(await mixed.find({}, { sort: { v: 1 } }))).toEqual(['m7', 'm8', 'm10', 'm1', 'm2', 'm3', 'm11', 'm4', 'm9', 'm6', 'm5']);
      expect(ids(await mixed.find({}, { sort: { v: -1 }, limit: 4 }))).toEqual(['m5', 'm6', 'm9', 'm4']);
    });

    it('follows a dotted path through an array of sub-documents into an array they hold', async () => {
      await mixed.upsert({ _id: 'n1', o: [{ k: ['x', 1] }, { k: 'y' }] });
      await mixed.upsert({ _id: 'n2', o: { k: [2] } });
      expect(ids(await mixed.find({ 'o.k': 1 }))).toEqual(['n1']);
      expect(ids(await mixed.find({ 'o.k': { $in: ['y', 2] } }, { sort: { _id: 1 } }))).toEqual(['n1', 'n2']);
    });
  });
}
