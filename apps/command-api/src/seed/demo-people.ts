import type { CustomerPermission } from '@beacon/domain';
import { DEMO_GROUPS } from './demo-tenant';

/*
 * The demo organisation's people: about 200 users spread over its groups, with realistic names, devices
 * and data, so the users list, its filters and exports, and recipient selection have something to show.
 * Everything is derived from a fixed seed, so every demo tenant holds the same people.
 *
 * Phone numbers come from Ofcom's ranges set aside for drama (020 7946 0xxx in London, 0113 496 0xxx
 * in Leeds): valid numbers that belong to nobody, so a demo tenant wired to a real SMS or voice provider
 * reaches no one by mistake. Emails are at demo.test, a name no one can register.
 */

export const DEMO_PEOPLE_COUNT = 200;

const FIRST_NAMES = [
  'Aisha', 'Ben', 'Chloe', 'Dev', 'Elena', 'Finn', 'Grace', 'Hamza', 'Isla', 'Jamal', 'Kasia', 'Liam', 'Maya', 'Noah', 'Olga',
  'Priya', 'Quinn', 'Rosa', 'Sanjay', 'Tara', 'Umar', 'Vera', 'Wei', 'Ximena', 'Yusuf', 'Zoe', 'Amara', 'Callum', 'Deepa', 'Ewan',
  'Fatima', 'George', 'Hana', 'Ibrahim', 'Jess', 'Kwame', 'Lucy', 'Mohammed', 'Niamh', 'Oscar',
] as const;

const LAST_NAMES = [
  'Adeyemi', 'Brown', 'Campbell', 'Davies', 'Evans', 'Fernandez', 'Green', 'Hughes', 'Iqbal', 'Jones', 'Khan', 'Lewis', 'Murphy',
  'Nowak', 'O\'Brien', 'Patel', 'Quinn', 'Roberts', 'Singh', 'Taylor', 'Usman', 'Vaughan', 'Williams', 'Xu', 'Young', 'Zielinski',
  'Ahmed', 'Clarke', 'Edwards', 'Kowalski', 'MacDonald', 'Okafor', 'Price', 'Reid', 'Thomas', 'Walker', 'Wright', 'Chen', 'Ali', 'Hall',
] as const;

/** How the people spread over the groups: a few at the root, the rest over the three regions. */
const GROUP_SHARES = [
  { groupIndex: 0, share: 0.1 },
  { groupIndex: 1, share: 0.3 },
  { groupIndex: 2, share: 0.3 },
  { groupIndex: 3, share: 0.3 },
] as const;

/** Mostly message recipients without console access; some senders and operators. */
const ROLE_WEIGHTS: readonly (readonly [CustomerPermission, number])[] = [
  ['CONTACT', 0.8],
  ['SENDER', 0.1],
  ['OPERATOR', 0.07],
  ['DATA', 0.03],
];

/** The site each region's people work at; the root's work at head office. */
const SITE_BY_GROUP = ['Head Office', 'North Depot', 'South Depot', 'West Depot'] as const;
const DEPARTMENTS = ['Operations', 'Facilities', 'Security', 'Communications'] as const;
const SKILLS = ['First aid', 'Fire warden', 'Forklift', 'Driver'] as const;
const SHIFTS = ['Day', 'Evening', 'Night'] as const;

/** A demo person's data, with option values named by their labels (the seeder turns them into option ids). */
export interface DemoPerson {
  readonly key: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly customerGroupId: string;
  readonly customerPermission: CustomerPermission;
  readonly isActive: boolean;
  /** By contact field label: phone numbers and emails as typed, option labels for the select fields. */
  readonly values: ReadonlyMap<string, readonly string[]>;
}

/** mulberry32: a small seeded generator, so the demo is the same on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const weighted = <T>(random: () => number, entries: readonly (readonly [T, number])[]): T => {
  let roll = random();
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
};

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

const fourDigits = (n: number) => String(n).padStart(4, '0').slice(-4);

/** The people, in a fixed order; `index` n gets the nth drama number of each range. */
export function demoPeople(count = DEMO_PEOPLE_COUNT): DemoPerson[] {
  const random = seeded(20261126);
  const groupOf = (index: number) => {
    const position = (index + 0.5) / count;
    let cumulative = 0;
    for (const { groupIndex, share } of GROUP_SHARES) {
      cumulative += share;
      if (position < cumulative) return groupIndex;
    }
    return GROUP_SHARES[GROUP_SHARES.length - 1]!.groupIndex;
  };
  return Array.from({ length: count }, (_, index): DemoPerson => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(index * 7 + Math.floor(index / LAST_NAMES.length)) % LAST_NAMES.length]!;
    const email = `${firstName}.${lastName}.${index + 1}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@demo.test';
    const groupIndex = groupOf(index);
    const skills = SKILLS.filter(() => random() < 0.3);
    const values = new Map<string, string[]>([
      ['Mobile', random() < 0.95 ? [`020 7946 ${fourDigits(index)}`] : []],
      ['Work email', [email]],
      ['Landline', random() < 0.4 ? [`0113 496 ${fourDigits(index)}`] : []],
      ['Department', [pick(random, DEPARTMENTS)]],
      ['Site', [SITE_BY_GROUP[groupIndex]!]],
      ['Skills', skills],
      ['Shift', [pick(random, SHIFTS)]],
    ]);
    return {
      key: `demo/person/${index + 1}`,
      firstName,
      lastName,
      email,
      customerGroupId: DEMO_GROUPS[groupIndex]!.customerGroupId,
      customerPermission: weighted(random, ROLE_WEIGHTS),
      isActive: random() < 0.97,
      values,
    };
  });
}

/** A demo person's on-call shift: local wall-clock times of the organisation's zone. */
export interface DemoShift {
  /** Index of the person in demoPeople(). */
  readonly person: number;
  /** "DD/MM/YYYY HH:mm:ss", as the on-call screens show times. */
  readonly start: string;
  readonly end: string;
}

const SHIFT_DAYS = 7;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A week of on-call shifts around `monday` (its local date, day/month/year) in each region: every night
 * (20:00 to 08:00) from the Sunday before to the Monday after, and every day shift (08:00 to 20:00), each
 * taken by one of the region's active people, so at any moment of the week one person per region is on
 * call.
 */
export function demoOnCallWeek(people: readonly DemoPerson[], monday: { day: number; month: number; year: number }): DemoShift[] {
  const localDate = (offset: number) => {
    const date = new Date(Date.UTC(monday.year, monday.month - 1, monday.day + offset));
    return `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  };
  const shifts: DemoShift[] = [];
  for (const region of DEMO_GROUPS.slice(1)) {
    const crew = people.map((person, index) => ({ person, index })).filter(({ person }) => person.customerGroupId === region.customerGroupId && person.isActive);
    for (let day = 0; day <= SHIFT_DAYS; day++) {
      const night = crew[(day + SHIFT_DAYS) % crew.length]!;
      shifts.push({ person: night.index, start: `${localDate(day - 1)} 20:00:00`, end: `${localDate(day)} 08:00:00` });
      if (day === SHIFT_DAYS) continue;
      shifts.push({ person: crew[day % crew.length]!.index, start: `${localDate(day)} 08:00:00`, end: `${localDate(day)} 20:00:00` });
    }
  }
  return shifts;
}
