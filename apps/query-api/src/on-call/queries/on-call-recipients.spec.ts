import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import type { Principal } from '@beacon/platform';
import { ensureProjectionIndexes, type ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { READ_MODEL_PROJECTIONS } from '@beacon/contracts';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { onCallPeriodsProjection } from '../projections/on-call-periods.projection';
import { USER_CARDS } from '../../shared/read-models/users.read-model';
import { onCallAt } from '../../shared/on-call/on-call-at';

/*
 * Who is on call at an instant, read user first for a few groups of few users and period first for
 * many groups or the whole organisation: both reads answer the same users.
 */

const ROOT = 'root';
const GROUPS = Array.from({ length: 30 }, (_, index) => `g${index}`);
const AT = Date.parse('2026-11-26T12:30:00Z');
let dir: string;
let store: SqliteReadStore;
let position = 0;

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { tenantId: ROOT },
  streamName: `s${position}`,
  revision: 0,
  position,
  recordedAt: '2026-11-01T00:00:00.000Z',
});

async function project(projection: ProjectionDefinition, events: RecordedEvent[]) {
  await store.applyProjectionBatch(projection.name, events.map((event) => ({ position: event.position, changes: projection.project(event) })));
}

/** User n of group n % 30: on call at AT when n is even (not n = 4, inactive; not n = 6, no messages); n = 8 is deleted. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-on-call-now-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
  const users: RecordedEvent[] = [];
  const periods: RecordedEvent[] = [];
  for (let n = 0; n < 90; n++) {
    const userId = `u${String(n).padStart(2, '0')}`;
    const customerGroupId = GROUPS[n % GROUPS.length]!;
    users.push(
      recorded('UserRegistered', {
        userId,
        email: `${userId}@example.test`,
        firstName: 'User',
        lastName: `Z${String(90 - n).padStart(2, '0')}`,
        customerGroupId,
        rootId: ROOT,
        customerPermission: 'CONTACT',
        isTemporary: false,
        preferredTimezone: 'Europe/London',
        isActive: n !== 4,
        isMessageRecipient: n !== 6,
      }),
    );
    const start = n % 2 === 0 ? '2026-11-26T08:00:00Z' : '2026-11-26T13:00:00Z';
    periods.push(recorded('OnCallPeriodAdded', { userId, customerGroupId, periodId: `p${n}`, startDate: start, endDate: '2026-11-26T18:00:00Z' }));
  }
  users.push(recorded('UserDeleted', { userId: 'u08', email: 'u08@example.test', firstName: 'User', lastName: 'Z82', customerGroupId: 'g8' }));
  await project(QUERY_PROJECTIONS.find((projection) => projection.name === READ_MODEL_PROJECTIONS.users)!, users);
  await project(onCallPeriodsProjection, periods);
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const principal = { rootId: ROOT } as Principal;
const expected = (groups: readonly string[]) =>
  Array.from({ length: 90 }, (_, n) => n)
    .filter((n) => n % 2 === 0 && ![4, 6, 8].includes(n) && groups.includes(GROUPS[n % GROUPS.length]!))
    .sort((a, b) => b - a)
    .map((n) => `u${String(n).padStart(2, '0')}`);

describe('who is on call at an instant', () => {
  it.each([
    ['the whole organisation (period first)', 'organisation' as const, GROUPS],
    ['many groups (period first)', GROUPS.slice(0, 25), GROUPS.slice(0, 25)],
    ['a few groups of few users (user first)', ['g0', 'g2', 'g5'], ['g0', 'g2', 'g5']],
  ])('answers the active message recipients on call, by name, for %s', async (_case, asked, groups) => {
    const answer = await onCallAt(store, principal, asked, AT);
    because('inactive, non-recipient, deleted and off-call users are left out; the order is by last name', () =>
      expect(answer.map(({ user }) => user._id)).toEqual(expected(groups)),
    );
    expect(answer[0]!.period).toMatchObject({ user: answer[0]!.user._id, start_date: '2026-11-26T08:00:00Z', end_date: '2026-11-26T18:00:00Z' });
  });

  it('answers nobody before any period starts, and nobody in a group without users', async () => {
    expect(await onCallAt(store, principal, 'organisation', Date.parse('2026-11-26T07:59:59Z'))).toEqual([]);
    expect(await onCallAt(store, principal, ['nobody-here'], AT)).toEqual([]);
  });

  it('answers the same from the users themselves while their cards are missing (a read model from before cards)', async () => {
    const withCards = await onCallAt(store, principal, 'organisation', AT);
    const team = await onCallAt(store, principal, ['g0', 'g2'], AT);
    const cards = store.scope(ROOT).collection(USER_CARDS);
    const saved = await cards.find({});
    await store.applyProjectionBatch('cards-gone', [{ position: 1, changes: saved.map((card) => ({ collection: USER_CARDS, tenantId: ROOT, id: card._id, apply: () => null })) }]);
    expect(await cards.count({})).toBe(0);
    // Nobody on call is missed before `npm run rebuild -- users` fills the cards.
    expect((await onCallAt(store, principal, 'organisation', AT)).map(({ user }) => user._id)).toEqual(withCards.map(({ user }) => user._id));
    expect(await onCallAt(store, principal, ['g0', 'g2'], AT)).toEqual(team);
  });
});
