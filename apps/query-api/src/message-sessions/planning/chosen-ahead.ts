import type { Collection, Filter } from '@beacon/read-store';

/**
 * Pages of people one read of a session's recipients takes: the planner writes them a page at a time,
 * and holds at most this many pages of ids, 20,000 (about a megabyte: memory stays flat whatever the
 * group's size). One read for many pages matters where a page's read costs the whole group (a
 * MongoDB-wire store that cannot push the id range and limit down decodes every chosen person each
 * time): at 20,000 people in FerretDB, planning took 32 s reading a page at a time, 24 s reading 20
 * pages ahead and 22 s reading 40.
 */
export const PLAN_PAGES_READ_AHEAD = 40;

/**
 * The chosen people of a session in id order, read several pages ahead. A page is asked for after the
 * last person of the page before it; asked after any other position (a page another planner wrote, a
 * restart), it drops what it held and reads from there, so its pages are the ones reading each page on
 * its own would give, only read from the store less often.
 */
export class ChosenAhead {
  private held: { _id: string }[] = [];
  /** The position the held ids follow (undefined: nothing read yet). */
  private after: string | null | undefined = undefined;
  /** Whether the last read reached the end of the chosen people. */
  private complete = false;

  constructor(
    private readonly collection: Collection,
    private readonly filter: Filter,
    private readonly pageSize: number,
    private readonly pagesAhead = PLAN_PAGES_READ_AHEAD,
  ) {}

  /** The next page of chosen people after `after` (a user id, or null for the first page). */
  async pageAfter(after: string | null): Promise<{ _id: string }[]> {
    if (this.after !== after) {
      this.held = [];
      this.complete = false;
    }
    if (this.held.length < this.pageSize && !this.complete) {
      const from = this.held.at(-1)?._id ?? after;
      const limit = this.pageSize * this.pagesAhead;
      const paged = from === null ? this.filter : { $and: [this.filter, { _id: { $gt: from } }] };
      const read = await this.collection.find(paged, { sort: { _id: 1 }, limit, projection: { _id: 1 } });
      this.held.push(...read.map((user) => ({ _id: user._id })));
      this.complete = read.length < limit;
    }
    const page = this.held.splice(0, this.pageSize);
    this.after = page.at(-1)?._id ?? after;
    return page;
  }
}
