import { Query } from 'mingo';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import { Document, Filter, SortSpec } from '../../read-store';
import { ids } from '../../testing/contract/fixtures';
import { InMemoryQueryReport, SqliteReadStore } from './sqlite-read-store.adapter';

/**
 * The SQL translation against mingo (what this adapter answered before filters ran in SQL, and
 * what the residual still uses): seeded random documents of mixed types, arrays and sub-documents,
 * and random filters over them, must select the same documents in the same order either way.
 */

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCALARS = ['a', 'b', 'B', 'ab', '', 'é', 'É', 'xAbY', 'a+b.c', 0, 1, 1.5, 2, -1, true, false, null] as const;
const MISSING = Symbol('missing');

class Generator {
  constructor(private readonly next: () => number) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  scalar(): unknown {
    return this.pick(SCALARS);
  }

  list(): unknown[] {
    return Array.from({ length: Math.floor(this.next() * 4) }, () => this.scalar());
  }

  /**
   * Arrays within arrays are left out: there mingo departs from MongoDB (it does not look into an
   * array held by a sub-document of an array, and it looks into an array held by an array; MongoDB
   * and the SQL do the opposite), and a contract case covers that.
   */
  sub(inArray: boolean): Record<string, unknown> {
    const sub: Record<string, unknown> = {};
    if (this.chance(0.8)) sub.k = !inArray && this.chance(0.2) ? this.list() : this.scalar();
    if (this.chance(0.5)) sub.m = { z: this.scalar() };
    return sub;
  }

  document(id: number): Document {
    const fields: Record<string, unknown> = {
      s: this.chance(0.15) ? MISSING : this.scalar(),
      n: this.chance(0.15) ? MISSING : this.scalar(),
      t: this.pick([MISSING, null, this.scalar(), this.list(), this.list()]),
      o: this.pick([MISSING, null, this.sub(false), this.sub(false), [this.sub(true), this.sub(true)], []]),
      // Never an array: with an index, conditions on it compare keys directly.
      plain: this.pick([MISSING, null, this.scalar(), this.scalar(), { x: 1 }]),
      deep: this.chance(0.3) ? MISSING : this.chance(0.2) ? {} : { v: this.scalar() },
    };
    const document: Document = { _id: `d${String(id).padStart(3, '0')}` };
    for (const [key, value] of Object.entries(fields)) if (value !== MISSING) document[key] = value;
    return document;
  }

  condition(): unknown {
    const operand = () => this.scalar();
    switch (Math.floor(this.next() * 11)) {
      case 0:
        return operand();
      case 1:
        return { $eq: operand() };
      case 2:
        return { $ne: operand() };
      case 3:
        return { $in: [operand(), operand()] };
      case 4:
        return { $nin: [operand(), operand(), operand()] };
      case 5:
        return { [this.pick(['$gt', '$gte', '$lt', '$lte'])]: this.pick(SCALARS.filter((value) => value !== null)) };
      case 6:
        return { $gt: this.pick([0, 'a', false]), $lte: this.pick([2, 'b', true]) };
      case 7:
        return { $exists: this.chance(0.5) };
      case 8:
        // Plain text runs as SQLite's own substring test (ASCII when case-insensitive); the rest as JavaScript.
        return { $regex: this.pick(['^a', 'b', 'A', '', 'é$', 'AB', 'É', '\\.', 'a\\+', '1\\.5', 'a|b']), $options: this.pick(['', 'i', 'im', 'u']) };
      case 9:
        return new RegExp(this.pick(['^a', 'B']), this.pick(['', 'i']));
      default:
        return { $in: [] };
    }
  }

  filter(depth = 0): Filter {
    if (depth < 2 && this.chance(0.25)) {
      const clauses = [this.filter(depth + 1), this.filter(depth + 1)];
      return { [this.pick(['$and', '$or', '$nor'])]: clauses };
    }
    const path = this.pick(['s', 'n', 't', 'o', 'o.k', 'o.m.z', 'plain', 'plain.x', 'deep.v', '_id', 'absent']);
    const filter: Filter = { [path]: path === '_id' && this.chance(0.5) ? this.pick(['d001', 'd010', 'zzz']) : this.condition() };
    if (this.chance(0.2)) filter.n = this.condition();
    return filter;
  }
}

const byMingo = (documents: readonly Document[], filter: Filter, sort?: SortSpec, skip = 0, limit = 0): string[] => {
  let cursor = new Query(filter).find<Document>([...documents]).sort(sort ? { ...sort, _id: 1 } : { _id: 1 });
  if (skip) cursor = cursor.skip(skip);
  if (limit) cursor = cursor.limit(limit);
  return cursor.all().map((document) => (document as Document)._id);
};

describe('SQLite filter translation against mingo', () => {
  const generator = new Generator(random(20_261_125));
  const documents = Array.from({ length: 120 }, (_, index) => generator.document(index));
  const filters = Array.from({ length: 1_500 }, () => generator.filter());
  let store: SqliteReadStore;
  let reports: InMemoryQueryReport[];

  beforeEach(async () => {
    reports = [];
    store = SqliteReadStore.open({ path: ':memory:', onInMemoryQuery: (report) => reports.push(report) });
    const collection = store.scope('t').collection('mixed');
    for (const document of documents) await collection.upsert(structuredClone(document));
  });

  afterEach(() => store.close());

  const compareAll = async () => {
    const collection = store.scope('t').collection('mixed');
    for (const filter of filters) {
      const expected = byMingo(documents, filter);
      const label = JSON.stringify(filter, (_, value: unknown) => (value instanceof RegExp ? String(value) : value));
      await because(label, async () => expect((await collection.find(filter)).map((document) => document._id)).toEqual(expected));
      await because(label, async () => expect(await collection.count(filter)).toBe(expected.length));
    }
    // Most queries (a find and a count per filter) must run in SQL alone, or this would only compare mingo with itself.
    expect(reports.length).toBeLessThan(filters.length * 2 * 0.1);
    expect(new Set(reports.flatMap((report) => report.reasons))).toEqual(
      new Set(['null on a dotted path that may cross an array', '$exists on a dotted path that may cross an array']),
    );
  };

  it('selects what mingo selects, without indexes', compareAll);

  it('selects what mingo selects with indexes on every path, arrays or not', async () => {
    const paths = ['s', 'n', 't', 'o', 'o.k', 'o.m.z', 'plain', 'plain.x', 'deep.v', 'absent'];
    await store.ensureIndexes('mixed', paths.map((path) => ({ keys: { [path]: 1 } })));
    await compareAll();
  });

  it('sorts and pages scalar fields of mixed types as mingo does', async () => {
    const collection = store.scope('t').collection('mixed');
    await store.ensureIndexes('mixed', [{ keys: { plain: 1, n: -1 } }]);
    for (const sort of [{ s: 1 }, { n: -1 }, { plain: 1 }, { 'deep.v': -1, s: 1 }, { plain: 1, n: -1 }] as SortSpec[]) {
      for (const [skip, limit] of [[0, 0], [0, 7], [30, 25], [115, 10]] as const) {
        const found = await collection.find(filters[skip]!, { sort, skip, limit });
        because(JSON.stringify({ sort, skip, limit }), () => expect(found.map((document) => document._id)).toEqual(byMingo(documents, filters[skip]!, sort, skip, limit)));
      }
    }
  });

  it('evaluates in memory only what it reports, and nothing for the operators queries use', async () => {
    const collection = store.scope('t').collection('mixed');
    const translatable: Filter[] = [
      { s: 'a', n: { $in: [1, 2] } },
      { $or: [{ s: { $regex: '^A', $options: 'i' } }, { t: { $nin: ['a', null] } }] },
      { 'o.k': { $gte: 1, $lt: 2 }, plain: { $exists: true }, _id: { $ne: 'd001' } },
      { $and: [{}, { $or: [{}, { s: 'b' }] }], $nor: [{ n: { $lt: 1 } }] },
    ];
    for (const filter of translatable) expect(ids(await collection.find(filter))).toEqual(byMingo(documents, filter));
    expect(reports).toEqual([]);
    expect(await collection.count({ t: { $size: 2 }, s: 'a' })).toBe(byMingo(documents, { t: { $size: 2 }, s: 'a' }).length);
    expect(reports).toEqual([{ collection: 'mixed', reasons: ['$size'] }]);
  });
});
