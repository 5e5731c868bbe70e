import type { Principal } from '@beacon/platform';
import type { Collection, ReadStore } from '@beacon/read-store';
import { dayOf, ON_CALL_PERIOD_DAYS, type OnCallPeriodDayDocument } from '../read-models/on-call.read-model';
import { USER_CARDS, USERS, userCardOf, type UserCardDocument, type UserDocument } from '../read-models/users.read-model';

/*
 * Who is on call at an instant: the on-call screens' "on call now" list and the message builder's
 * "Currently On Call" recipients read it here.
 */

/** Text in code-unit order (the name keys are stored in lower case). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byName = (a: UserCardDocument, b: UserCardDocument) =>
  compareText(a.last_name_key, b.last_name_key) || compareText(a.first_name_key, b.first_name_key) || compareText(a._id, b._id);

/** The cards' index order within a group. */
const CARD_ORDER = { last_name_key: 1, first_name_key: 1, _id: 1 } as const;

/** Asked groups this few, holding this few users, are read user first. */
const USER_FIRST_GROUPS = 20;
const USER_FIRST_USERS = 500;

/** What the reads below use of a collection. */
type CardReader = Pick<Collection<UserCardDocument>, 'count' | 'find'>;

const CARD_FIELDS = {
  _id: 1,
  first_name: 1,
  last_name: 1,
  email: 1,
  customer_group: 1,
  first_name_key: 1,
  last_name_key: 1,
  is_active: 1,
  is_message_recipient: 1,
  option_ids: 1,
} as const;

/**
 * The users' cards; or, while there are fewer cards than users (a read model from before cards, not yet
 * rebuilt), the users' own documents read as cards, so nobody on call is missed after an upgrade.
 */
async function userCards(scope: ReturnType<ReadStore['scope']>): Promise<CardReader> {
  const cards = scope.collection<UserCardDocument>(USER_CARDS);
  const users = scope.collection<UserDocument>(USERS);
  const [carded, all] = await Promise.all([cards.count({}), users.count({})]);
  if (carded >= all) return cards;
  return {
    count: (filter) => users.count(filter),
    find: async (filter, options) => (await users.find(filter, { ...options, projection: CARD_FIELDS })).map(userCardOf),
  };
}

async function fewUsersIn(cards: CardReader, groupIds: readonly string[]): Promise<boolean> {
  if (groupIds.length > USER_FIRST_GROUPS) return false;
  const perGroup = await Promise.all(groupIds.map((groupId) => cards.count({ customer_group: groupId })));
  return perGroup.reduce((sum, count) => sum + count, 0) <= USER_FIRST_USERS;
}

const counts = (card: UserCardDocument) => card.is_active !== false && card.is_message_recipient !== false;

/**
 * Who is on call at an instant, in the asked groups: users who exist now (a deleted user has left the
 * users read model), are in those groups now (a user who moved takes their periods along), are active
 * and receive messages, with the period they are in, by name. What the message builder's "Currently On
 * Call" recipients will be. Users are read as their cards (names, email, group, flags, options held),
 * never their whole documents.
 *
 * A few groups of few users (a team) are read user first: each group's cards, then each user's day
 * document of the instant's UTC day. More (a region, the organisation) are read period first: the day
 * documents on call at the instant (both ends tested in the index: only periods touching that day are
 * read, never the history before it or the roster after it), then their users' cards by id.
 */
export async function onCallAt(readStore: ReadStore, principal: Principal, groupIds: readonly string[] | 'organisation', at: number): Promise<{ user: UserCardDocument; period: OnCallPeriodDayDocument }[]> {
  const scope = readStore.scope(principal.rootId);
  const days = scope.collection<OnCallPeriodDayDocument>(ON_CALL_PERIOD_DAYS);
  const cards = await userCards(scope);
  const onCallNow = onCallNowFilter(at);
  let users: UserCardDocument[];
  let periods: OnCallPeriodDayDocument[];
  if (groupIds !== 'organisation' && (await fewUsersIn(cards, groupIds))) {
    users = (await Promise.all(groupIds.map((groupId) => cards.find({ customer_group: groupId }, { sort: CARD_ORDER })))).flat().filter(counts);
    // By user and day only, which the user index answers; the times are tested here (a user has a period or two a day).
    const ofDay = await Promise.all(users.map((user) => days.find({ user: user._id, day: onCallNow.day })));
    periods = ofDay.flat().filter((period) => period.start <= at && period.end > at);
  } else {
    periods = await days.find(onCallNow);
    const groups = groupIds === 'organisation' ? null : new Set(groupIds);
    const inGroups = (user: UserCardDocument) => groups === null || groups.has(user.customer_group);
    users = periods.length ? (await cards.find({ _id: { $in: [...new Set(periods.map((period) => period.user))] } })).filter((user) => inGroups(user) && counts(user)) : [];
  }
  const byUser = new Map(periods.map((period) => [period.user, period]));
  return users
    .filter((user) => byUser.has(user._id))
    .sort(byName)
    .map((user) => ({ user, period: byUser.get(user._id)! }));
}

/** The filter of the day documents of periods on call at an instant (day, start and end all in their index). */
export const onCallNowFilter = (at: number) => ({ day: dayOf(at), start: { $lte: at }, end: { $gt: at } });

/**
 * The ids of the users with a period on call at an instant, in the whole organisation: read from the
 * day documents alone, for a reader that checks where those users are and whether they receive
 * messages itself (a message's recipient count does, in the same count as its other criteria).
 */
export async function onCallUserIdsAt(readStore: ReadStore, principal: Principal, at: number): Promise<string[]> {
  const days = readStore.scope(principal.rootId).collection<OnCallPeriodDayDocument>(ON_CALL_PERIOD_DAYS);
  const periods = await days.find(onCallNowFilter(at), { projection: { user: 1 } });
  return [...new Set(periods.map((period) => period.user))];
}
