import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Document } from '../../read-store';
import { event, TENANT_A, TENANT_B } from '../../testing/contract/fixtures';
import { InMemoryQueryReport, SqliteReadStore } from './sqlite-read-store.adapter';

const plan = (lines: readonly string[]) => lines.join('\n');

describe('SqliteReadStore queries in SQL', () => {
  let store: SqliteReadStore;
  let reports: InMemoryQueryReport[];
  const tasks = (tenantId = TENANT_A) => store.scope(tenantId).collection('tasks');

  beforeEach(async () => {
    reports = [];
    store = SqliteReadStore.open({ path: ':memory:', onInMemoryQuery: (report) => reports.push(report) });
    await store.ensureIndexes('tasks', [{ keys: { status: 1, due: -1 } }, { keys: { tags: 1 } }]);
    for (let i = 0; i < 40; i++) {
      await tasks().upsert({ _id: `t${String(i).padStart(2, '0')}`, status: i % 4 ? 'open' : 'done', due: i, tags: `tag${i % 5}` });
    }
    await tasks(TENANT_B).upsert({ _id: 'b1', status: 'open', due: 100, tags: 'tag1' });
  });

  afterEach(() => store.close());

  it('serves a filter, its sort and its page from an index, without sorting', async () => {
    const options = { sort: { due: -1 }, skip: 2, limit: 3 } as const;
    expect((await tasks().find({ status: 'open' }, options)).map((task) => task.due)).toEqual([37, 35, 34]);
    const explanation = store.explain('tasks', TENANT_A, { status: 'open' }, options);
    expect(explanation.inMemory).toEqual([]);
    expect(plan(explanation.plan)).toMatch(/USING INDEX read_store_ix_\w+ \(tenant=\? AND <expr>=\?\)/);
    expect(plan(explanation.plan)).not.toMatch(/TEMP B-TREE/);
  });

  it('counts an indexed filter from the index alone, and everything from the counts table', async () => {
    expect(await tasks().count({ status: 'done' })).toBe(10);
    expect(plan(store.explain('tasks', TENANT_A, { status: 'done' }, { count: true }).plan)).toMatch(/USING COVERING INDEX read_store_ix_\w+ \(tenant=\? AND <expr>=\?\)/);
    expect(await tasks().count()).toBe(40);
    expect(store.explain('tasks', TENANT_A, {}, { count: true }).plan).toEqual(['the counts table']);
  });

  it('keeps counting right through upserts, updates, deletes, projections and resets', async () => {
    await tasks().upsert({ _id: 't00', status: 'open', due: 0 });
    await tasks().updateOne({ _id: 'new' }, { $set: { status: 'open' } }, { upsert: true });
    await tasks().updateMany({ status: 'done' }, { $set: { status: 'closed' } });
    expect(await tasks().deleteMany({ due: { $gte: 30 } })).toBe(10);
    const write = (id: string) => ({ collection: 'tasks', tenantId: TENANT_A, id, apply: () => ({ _id: id, status: 'projected' }) });
    const drop = (id: string) => ({ collection: 'tasks', tenantId: TENANT_A, id, apply: () => null });
    await store.applyProjectionBatch('tasks-projection', [event(1, write('p1'), write('p2')), event(2, drop('t01'), write('p1'))]);
    expect(await tasks().count()).toBe((await tasks().find()).length);
    expect(await tasks().count()).toBe(32);
    expect(await tasks(TENANT_B).count()).toBe(1);
    await store.resetProjection('tasks-projection', ['tasks']);
    expect([await tasks().count(), await tasks(TENANT_B).count()]).toEqual([0, 0]);
  });

  it('counts subsets in one statement read from an index holding the fields they test', async () => {
    await store.ensureIndexes('tasks', [{ keys: { status: 1 }, include: ['label'], name: 'status_with_label' }]);
    for (let i = 0; i < 40; i++) await tasks().updateOne({ _id: `t${String(i).padStart(2, '0')}` }, { $set: { label: ` l${i % 3} l${i % 7} ` } });
    const subsets = [{ label: { $regex: ' l1 ' } }, { $nor: [{ label: { $regex: ' l2 ' } }, { label: { $regex: ' l6 ' } }] }];
    expect(await tasks().countSubsets({ status: 'open' }, subsets)).toEqual({
      count: 30,
      subsets: await Promise.all(subsets.map((subset) => tasks().count({ $and: [{ status: 'open' }, subset] }))),
    });
    const explanation = store.explain('tasks', TENANT_A, { status: 'open' }, { subsets });
    expect(explanation.inMemory).toEqual([]);
    expect(plan(explanation.plan)).toMatch(/^SEARCH read_store_c_tasks_\w+ USING COVERING INDEX read_store_ix_\w+ \(tenant=\? AND <expr>=\?\)$/);
    expect(reports).toEqual([]);
  });

  it('counts subsets one by one when part of one is checked in memory', async () => {
    const subsets = [{ due: { $mod: [2, 0] } }, { tags: 'tag1' }];
    expect(await tasks().countSubsets({ status: 'open' }, subsets)).toEqual({ count: 30, subsets: [10, 6] });
    expect(store.explain('tasks', TENANT_A, { status: 'open' }, { subsets }).plan).toEqual(['a count per subset']);
    expect(reports).toEqual([{ collection: 'tasks', reasons: ['$mod'] }]);
  });

  it('looks into arrays once a write brings one to an indexed path', async () => {
    expect(plan(store.explain('tasks', TENANT_A, { tags: 'tag2' }).plan)).toMatch(/USING INDEX read_store_ix_/);
    await tasks().updateOne({ _id: 't01' }, { $set: { tags: ['urgent', 'tag1'] } });
    await store.applyProjectionBatch('p', [
      event(1, { collection: 'tasks', tenantId: TENANT_B, id: 'b2', apply: () => ({ _id: 'b2', tags: ['urgent'] }) }),
    ]);
    expect((await tasks().find({ tags: 'urgent' })).map((task) => task._id)).toEqual(['t01']);
    expect(await tasks().count({ tags: { $in: ['urgent', 'tag1'] } })).toBe(8);
    expect((await tasks(TENANT_B).find({ tags: 'urgent' })).map((task) => task._id)).toEqual(['b2']);
    expect(reports).toEqual([]);
  });

  it('checks in memory, and reports, only what SQL cannot express', async () => {
    await tasks().upsert({ _id: 'x1', status: 'open', due: 5, steps: [{ done: true, by: 'ada' }, { done: false, by: 'alan' }] });
    const filter = { status: 'open', steps: { $elemMatch: { done: false, by: 'alan' } } };
    expect(await tasks().find(filter)).toEqual([expect.objectContaining({ _id: 'x1' })]);
    expect(await tasks().count(filter)).toBe(1);
    expect(reports).toEqual([
      { collection: 'tasks', reasons: ['$elemMatch'] },
      { collection: 'tasks', reasons: ['$elemMatch'] },
    ]);
    expect(store.explain('tasks', TENANT_A, filter).inMemory).toEqual(['$elemMatch']);
  });

  it('pages the rows mingo keeps when part of the filter runs in memory', async () => {
    const filter = { status: 'open', due: { $mod: [2, 1] } };
    const page = await tasks().find(filter, { sort: { due: 1 }, skip: 3, limit: 4 });
    expect(page.map((task) => task.due)).toEqual([7, 9, 11, 13]);
  });

  it('sorts in memory by a path SQL cannot name, and says so', async () => {
    await tasks().upsert({ _id: 'odd', 'a-b': 2 });
    await tasks().upsert({ _id: 'odd2', 'a-b': 1 });
    const found = await tasks().find({ 'a-b': { $exists: true } }, { sort: { 'a-b': 1 } });
    expect(found.map((task: Document) => task._id)).toEqual(['odd2', 'odd']);
    expect(reports.flatMap((report) => report.reasons)).toEqual(['the path "a-b"', 'sort by a-b']);
  });

  it('warns once per query shape when no listener is given', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const quiet = SqliteReadStore.open({ path: ':memory:' });
    const things = quiet.scope(TENANT_A).collection('things');
    await things.find({ n: { $mod: [2, 0] } });
    await things.count({ n: { $mod: [3, 0] } });
    await things.find({ n: { $size: 1 } });
    expect(warn.mock.calls).toEqual([
      ['read store: part of a query on things: $mod is evaluated in memory'],
      ['read store: part of a query on things: $size is evaluated in memory'],
    ]);
    warn.mockRestore();
    await quiet.close();
  });
});
