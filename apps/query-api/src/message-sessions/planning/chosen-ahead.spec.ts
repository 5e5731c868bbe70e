import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteReadStore, type Collection, type Document, type Filter } from '@beacon/read-store';
import { ChosenAhead } from './chosen-ahead';

/*
 * Reading a session's recipients several pages ahead gives the very pages that reading each page on its
 * own gives, with fewer reads of the store.
 */

const PAGE = 100;

describe('the chosen people, read ahead', () => {
  let store: SqliteReadStore;
  let people: Collection<Document>;
  let reads: number;

  beforeEach(async () => {
    store = SqliteReadStore.open({ path: ':memory:' });
    people = store.scope('t1').collection('people');
    // 1,234 people, every third not chosen; ids out of insertion order.
    await people.upsertMany(Array.from({ length: 1_234 }, (_, n) => ({ _id: `p${String((n * 7919) % 1_234).padStart(5, '0')}`, chosen: n % 3 !== 0 })));
    reads = 0;
    const find = people.find.bind(people);
    people.find = ((filter, options) => {
      reads += 1;
      return find(filter, options);
    }) as typeof people.find;
  });
  afterEach(() => store.close());

  /** Each page read on its own: what the planner read before. */
  async function pageByPage(): Promise<string[][]> {
    const pages: string[][] = [];
    for (let after: string | null = null; ; ) {
      const filter: Filter = after === null ? { chosen: true } : { $and: [{ chosen: true }, { _id: { $gt: after } }] };
      const page: string[] = (await people.find(filter, { sort: { _id: 1 }, limit: PAGE, projection: { _id: 1 } })).map((person) => person._id);
      pages.push(page);
      if (page.length < PAGE) return pages;
      after = page.at(-1)!;
    }
  }

  it('gives the same pages as reading each on its own, in a read per four pages', async () => {
    const expected = await pageByPage();
    reads = 0;
    const ahead = new ChosenAhead(people, { chosen: true }, PAGE, 4);
    const pages: string[][] = [];
    for (let after: string | null = null; ; ) {
      const page: string[] = (await ahead.pageAfter(after)).map((person) => person._id);
      pages.push(page);
      if (page.length < PAGE) break;
      after = page.at(-1)!;
    }
    expect(pages).toEqual(expected);
    expect(pages.flat()).toHaveLength(822);
    // 9 pages (the last one short) in reads of 4 pages: 3 reads, where reading each on its own took 9.
    expect(expected).toHaveLength(9);
    expect(reads).toBe(3);
  });

  it('reads again from a position it was not at (a page another planner wrote, a restart)', async () => {
    const expected = await pageByPage();
    const ahead = new ChosenAhead(people, { chosen: true }, PAGE, 4);
    expect((await ahead.pageAfter(null)).map((person) => person._id)).toEqual(expected[0]);
    reads = 0;
    // The next page written was not the one it expected: it carries on after that page's last person.
    expect((await ahead.pageAfter(expected[2]!.at(-1)!)).map((person) => person._id)).toEqual(expected[3]);
    expect(reads).toBe(1);
    expect((await ahead.pageAfter(expected[3]!.at(-1)!)).map((person) => person._id)).toEqual(expected[4]);
    expect(reads).toBe(1);
  });

  it('gives an empty last page when the chosen people fill the pages exactly, and nobody when nobody is chosen', async () => {
    const exact = new ChosenAhead(people, { chosen: true, _id: { $lt: 'p00300' } }, PAGE, 2);
    const first = await exact.pageAfter(null);
    const second = await exact.pageAfter(first.at(-1)!._id);
    expect([first.length, second.length]).toEqual([100, 100]);
    expect(await exact.pageAfter(second.at(-1)!._id)).toEqual([]);
    expect(await new ChosenAhead(people, { chosen: 'never' }, PAGE).pageAfter(null)).toEqual([]);
  });
});
