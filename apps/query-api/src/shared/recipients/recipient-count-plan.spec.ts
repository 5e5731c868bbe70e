import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import { READ_MODEL_PROJECTIONS } from '@beacon/contracts';
import { ensureProjectionIndexes } from '@beacon/projections';
import { SqliteReadStore, type Filter } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { USER_RECIPIENT_KEYS, USERS } from '../read-models/users.read-model';
import { allOf, anyOf, filterOf, noneOf, recipientCountPlan, recipientCounts, type Match, type RecipientCriteria, type RecipientFields } from './recipient-count-plan';
import { RECIPIENT_KEY_FIELDS, USER_RECIPIENT_FIELDS } from './recipient-fields';

/*
 * The criteria logic: include criteria by all or any, exclusions by all or any and subtracted, devices
 * counted among those kept. 60 users with options, device values, flags and groups that vary
 * independently; every combination of criteria is counted by the store, on the recipient keys and on the users'
 * own documents, and compared with the same rules applied to the users one by one.
 */

const ROOT = 'root';
const GROUPS = ['root', 'north', 'south'];
const SHIFT = 'f0000000-0000-4000-8000-00000000000a';
const SKILLS = 'f0000000-0000-4000-8000-00000000000b';
const MOBILE = 'f0000000-0000-4000-8000-00000000000c';
const EMAIL = 'f0000000-0000-4000-8000-00000000000d';

interface Person {
  id: string;
  group: string;
  active: boolean;
  recipient: boolean;
  options: string[];
  fields: string[];
}

/** User n: shift option n % 3 + 1, skills n % 4 + 1 and (n + 1) % 4 + 1 unless n % 5 = 0; a mobile unless n % 3 = 0, an email when n is even. */
const PEOPLE: Person[] = Array.from({ length: 60 }, (_, n) => ({
  id: `u${String(n).padStart(2, '0')}`,
  group: GROUPS[n % 3]!,
  active: n % 11 !== 4,
  recipient: n % 13 !== 6,
  options: [`${SHIFT}.${(n % 3) + 1}`, ...(n % 5 ? [`${SKILLS}.${(n % 4) + 1}`, `${SKILLS}.${((n + 1) % 4) + 1}`] : [])],
  fields: [...(n % 3 ? [MOBILE] : []), ...(n % 2 ? [] : [EMAIL])],
}));

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

let store: SqliteReadStore;
const usersProjection = QUERY_PROJECTIONS.find((projection) => projection.name === READ_MODEL_PROJECTIONS.users)!;

beforeAll(async () => {
  store = SqliteReadStore.open({ path: ':memory:' });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
  const events = PEOPLE.flatMap((person) => [
    recorded('UserRegistered', { userId: person.id, email: `${person.id}@example.test`, firstName: 'U', lastName: person.id, customerGroupId: person.group, rootId: ROOT, customerPermission: 'CONTACT', isTemporary: false, preferredTimezone: 'Europe/London' }),
    recorded('UserFieldValuesChanged', {
      userId: person.id,
      values: [
        { fieldId: SHIFT, values: person.options.filter((option) => option.startsWith(SHIFT)) },
        { fieldId: SKILLS, values: person.options.filter((option) => option.startsWith(SKILLS)) },
        { fieldId: MOBILE, values: person.fields.includes(MOBILE) ? ['+447700900123'] : [] },
        { fieldId: EMAIL, values: person.fields.includes(EMAIL) ? [`${person.id}@work.test`] : [] },
      ],
    }),
    recorded('UserDetailsChanged', { userId: person.id, isActive: person.active, isMessageRecipient: person.recipient }),
  ]);
  await store.applyProjectionBatch(usersProjection.name, events.map((event) => ({ position: event.position, changes: usersProjection.project(event) })));
});

afterAll(() => store.close());

/** A criterion as the handler resolves it, and the same test on one person. */
interface Criterion {
  readonly name: string;
  match(fields: RecipientFields): Match;
  holds(person: Person): boolean;
}

const option = (id: string): Criterion => ({ name: id.slice(-2), match: (fields) => fields.holdsOption(id), holds: (person) => person.options.includes(id) });
const CRITERIA: Criterion[] = [
  { name: 'everyone', match: () => true, holds: () => true },
  { name: 'nobody', match: () => false, holds: () => false },
  { name: 'three users', match: () => ({ _id: { $in: ['u01', 'u02', 'u30'] } }), holds: (person) => ['u01', 'u02', 'u30'].includes(person.id) },
  { name: 'north', match: () => ({ customer_group: { $in: ['north'] } }), holds: (person) => person.group === 'north' },
  { name: 'shift 1 or 2', match: (fields) => anyOf([fields.holdsOption(`${SHIFT}.1`), fields.holdsOption(`${SHIFT}.2`)]), holds: (person) => person.options.some((id) => id === `${SHIFT}.1` || id === `${SHIFT}.2`) },
  option(`${SKILLS}.3`),
  option(`${SKILLS}.1`),
];

const DEVICE_FIELDS = [MOBILE, EMAIL];

function expected(criteria: RecipientCriteria & { includeTests: Criterion[]; excludeTests: Criterion[]; scopeTest: (person: Person) => boolean }) {
  const combine = (tests: Criterion[], all: boolean, person: Person) => (all ? tests.every((test) => test.holds(person)) : tests.some((test) => test.holds(person)));
  const included = PEOPLE.filter((person) => person.active && person.recipient && criteria.scopeTest(person) && criteria.includeTests.length > 0 && combine(criteria.includeTests, criteria.includeAll, person));
  const kept = included.filter((person) => !(criteria.excludeTests.length > 0 && combine(criteria.excludeTests, criteria.excludeAll, person)));
  return {
    count: kept.length,
    excluded: included.length - kept.length,
    withValue: new Map(DEVICE_FIELDS.map((fieldId) => [fieldId, kept.filter((person) => person.fields.includes(fieldId)).length])),
    withoutDevices: kept.filter((person) => !person.fields.some((fieldId) => DEVICE_FIELDS.includes(fieldId))).length,
  };
}

async function counted(collection: string, fields: RecipientFields, criteria: RecipientCriteria) {
  const { included, subsets } = recipientCountPlan(criteria, fields);
  const answer = included === false ? null : await store.scope(ROOT).collection(collection).countSubsets(filterOf(included), subsets.map(filterOf));
  return recipientCounts(criteria, answer);
}

describe('a message recipient count', () => {
  const pairs = CRITERIA.flatMap((first, i) => CRITERIA.slice(i + 1).map((second) => [first, second] as const));
  const cases = pairs.flatMap(([first, second]) =>
    [true, false].flatMap((includeAll) =>
      [true, false].flatMap((excludeAll) => [
        { include: [first, second], exclude: [] as Criterion[], includeAll, excludeAll },
        { include: [first], exclude: [second], includeAll, excludeAll },
        { include: [first, second], exclude: CRITERIA.slice(4, 6), includeAll, excludeAll },
      ]),
    ),
  );

  it.each([
    ['recipient keys', USER_RECIPIENT_KEYS, RECIPIENT_KEY_FIELDS],
    ['users', USERS, USER_RECIPIENT_FIELDS],
  ] as const)('counts as the rules do, person by person, on the %s', async (_, collection, fields) => {
    const seen = { counted: 0, excluded: 0, withoutDevices: 0 };
    for (const { include, exclude, includeAll, excludeAll } of cases) {
      for (const [scope, scopeTest] of [
        [true, () => true],
        [{ customer_group: { $in: ['north', 'south'] } }, (person: Person) => person.group !== 'root'],
      ] as [Match, (person: Person) => boolean][]) {
        const criteria = {
          scope,
          include: include.map((criterion) => criterion.match(fields)),
          includeAll,
          exclude: exclude.map((criterion) => criterion.match(fields)),
          excludeAll,
          deviceFields: DEVICE_FIELDS,
        };
        const name = `${include.map((c) => c.name).join(includeAll ? ' and ' : ' or ')} less ${exclude.map((c) => c.name).join(excludeAll ? ' and ' : ' or ') || 'nobody'}`;
        const actual = await counted(collection, fields, criteria);
        because(name, () => expect(actual).toEqual(expected({ ...criteria, includeTests: include, excludeTests: exclude, scopeTest })));
        seen.counted += Number(actual.count > 0);
        seen.excluded += Number(actual.excluded > 0);
        seen.withoutDevices += Number(actual.withoutDevices > 0);
      }
    }
    because('the people differ enough for the cases to tell the rules apart', () => expect(Math.min(seen.counted, seen.excluded, seen.withoutDevices)).toBeGreaterThan(50));
  });

  it('chooses nobody without include criteria, and asks the store nothing', () => {
    const plan = recipientCountPlan({ scope: true, include: [], includeAll: false, exclude: [], excludeAll: false, deviceFields: [MOBILE] }, RECIPIENT_KEY_FIELDS);
    expect(plan.included).toBe(false);
    expect(recipientCounts({ scope: true, include: [], includeAll: false, exclude: [], excludeAll: false, deviceFields: [MOBILE] }, null)).toEqual({ count: 0, excluded: 0, withValue: new Map([[MOBILE, 0]]), withoutDevices: 0 });
  });

  it('counts everyone as without devices when none are chosen', async () => {
    const criteria = { scope: true, include: [true], includeAll: false, exclude: [], excludeAll: false, deviceFields: [] };
    const everyone = PEOPLE.filter((person) => person.active && person.recipient).length;
    expect(await counted(USER_RECIPIENT_KEYS, RECIPIENT_KEY_FIELDS, criteria)).toEqual({ count: everyone, excluded: 0, withValue: new Map(), withoutDevices: everyone });
  });
});

describe('combining matches', () => {
  const a: Filter = { a: 1 };
  const b: Filter = { b: 1 };
  it('simplifies everyone and nobody away, and keeps filters as MongoDB reads them', () => {
    expect(allOf([])).toBe(true);
    expect(anyOf([])).toBe(false);
    expect(allOf([true, a])).toBe(a);
    expect(allOf([a, false, b])).toBe(false);
    expect(allOf([a, b])).toEqual({ $and: [a, b] });
    expect(anyOf([false, a])).toBe(a);
    expect(anyOf([a, true])).toBe(true);
    expect(anyOf([a, b])).toEqual({ $or: [a, b] });
    expect(noneOf(true)).toBe(false);
    expect(noneOf(a)).toEqual({ $nor: [a] });
    expect(filterOf(true)).toEqual({});
    expect(filterOf(false)).toEqual({ _id: { $in: [] } });
  });
});
