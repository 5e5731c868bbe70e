import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { given } from '../shared/given-when-then';
import type { ChannelCounts, DailyQuotas } from './daily-quotas';
import { organisationActivity } from './organisation.activity';
import { ORGANISATION_NAME_EVENT_VERSIONS } from './organisation-name';
import { QUOTA_DAY_EVENT_VERSIONS, QuotaExceededError, quotaDayDecider, quotaDayStream, type DailyQuotaUsed, type UseDailyQuota } from './quota-day';

const DAY = '2026-03-30';
const AT = '2026-03-30T09:00:00.000Z';
const QUOTAS: DailyQuotas = { SMS: 100, EMAIL: 10 };

const use = (sessionId: string, needs: ChannelCounts, quotas: DailyQuotas = QUOTAS): UseDailyQuota => ({
  type: 'UseDailyQuota',
  data: { sessionId, day: DAY, needs, quotas, at: AT },
});

/** The events a run of commands records, each decided on the state the ones before left. */
function recorded(commands: readonly UseDailyQuota[]): DailyQuotaUsed[] {
  const events: DailyQuotaUsed[] = [];
  for (const command of commands) events.push(...given(quotaDayDecider, events).when(command));
  return events;
}

/** The error `run` throws (the test fails when nothing is thrown). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('an organisation’s use of its daily quotas', () => {
  it('records two sends within the quota, and the day’s use is their sum', () => {
    const events = recorded([use('s1', { SMS: 40, EMAIL: 3 }), use('s2', { SMS: 60, VOICE: 5 })]);
    expect(events).toEqual([
      { type: 'DailyQuotaUsed', data: { sessionId: 's1', day: DAY, used: { SMS: 40, EMAIL: 3 }, at: AT } },
      { type: 'DailyQuotaUsed', data: { sessionId: 's2', day: DAY, used: { SMS: 60, VOICE: 5 }, at: AT } },
    ]);
    const state = foldEvents(quotaDayDecider, events);
    expect(state.used).toEqual({ SMS: 100, EMAIL: 3, VOICE: 5 });
    expect([...state.sessions]).toEqual(['s1', 's2']);
  });

  it('records only the channels a send needs something of, in the channels’ order', () => {
    expect(given(quotaDayDecider, []).when(use('s1', { EMAIL: 2, SMS: 0, SLACK: 1 }))).toEqual([
      { type: 'DailyQuotaUsed', data: { sessionId: 's1', day: DAY, used: { EMAIL: 2, SLACK: 1 }, at: AT } },
    ]);
    expect(Object.keys(given(quotaDayDecider, []).when(use('s1', { SLACK: 1, EMAIL: 2 }))[0]!.data.used)).toEqual(['EMAIL', 'SLACK']);
  });

  it('refuses a third send that would go past the quota, with the numbers, and records nothing of it', () => {
    const events = recorded([use('s1', { SMS: 40 }), use('s2', { SMS: 50 })]);
    const error = thrownBy(() => given(quotaDayDecider, events).when(use('s3', { SMS: 11, EMAIL: 1 })));
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toBeInstanceOf(DomainError);
    const refusal = error as QuotaExceededError;
    const shortfall = { channel: 'SMS', needed: 11, used: 90, quota: 100, day: DAY };
    expect(refusal.kind).toBe('illegal_state');
    expect(refusal.shortfall).toEqual(shortfall);
    expect(refusal.body).toEqual({ quota: shortfall });
    expect(refusal.message).toBe("This send needs 11 messages by SMS, and the organisation's daily SMS quota is 100 messages: 90 used today, 10 left. Nothing was sent.");
    // The last ten still fit.
    expect(given(quotaDayDecider, events).when(use('s3', { SMS: 10 }))).toHaveLength(1);
  });

  it('counts a session once, however often it asks', () => {
    const events = recorded([use('s1', { SMS: 30 }), use('s1', { SMS: 30 }), use('s2', { SMS: 1 })]);
    expect(events.map((event) => event.data.sessionId)).toEqual(['s1', 's2']);
    expect(foldEvents(quotaDayDecider, events).used).toEqual({ SMS: 31 });
    // Asked again when the day is full, or with other needs, it is not refused: it was counted already.
    const full = recorded([use('s1', { SMS: 100 })]);
    expect(given(quotaDayDecider, full).when(use('s1', { SMS: 100 }))).toEqual([]);
    expect(given(quotaDayDecider, full).when(use('s1', { SMS: 500 }, { SMS: 1 }))).toEqual([]);
  });

  it('judges each send by the quotas as it starts: a quota lowered since refuses the next', () => {
    const events = recorded([use('s1', { SMS: 50 }, { SMS: 100 })]);
    expect(given(quotaDayDecider, events).when(use('s2', { SMS: 30 }, { SMS: 100 }))).toHaveLength(1);
    const lowered = thrownBy(() => given(quotaDayDecider, events).when(use('s2', { SMS: 30 }, { SMS: 60 })));
    expect((lowered as QuotaExceededError).shortfall).toEqual({ channel: 'SMS', needed: 30, used: 50, quota: 60, day: DAY });
    // Raised, or taken off, it lets the send through again.
    expect(given(quotaDayDecider, events).when(use('s2', { SMS: 30 }, { SMS: 80 }))).toHaveLength(1);
    expect(given(quotaDayDecider, events).when(use('s2', { SMS: 3000 }, {}))).toEqual([
      { type: 'DailyQuotaUsed', data: { sessionId: 's2', day: DAY, used: { SMS: 3000 }, at: AT } },
    ]);
  });

  it('counts sends on unlimited channels too, so a quota set later that day sees them', () => {
    const events = recorded([use('s1', { VOICE: 20 }, {})]);
    expect(foldEvents(quotaDayDecider, events).used).toEqual({ VOICE: 20 });
    expect((thrownBy(() => given(quotaDayDecider, events).when(use('s2', { VOICE: 1 }, { VOICE: 20 }))) as QuotaExceededError).shortfall).toEqual({
      channel: 'VOICE',
      needed: 1,
      used: 20,
      quota: 20,
      day: DAY,
    });
  });

  it('keeps a stream per organisation and day', () => {
    expect(quotaDayStream('root-1', DAY)).toBe('organisation_quota_day-root-1-2026-03-30');
    expect(QUOTA_DAY_EVENT_VERSIONS).toEqual({ DailyQuotaUsed: 1 });
  });

  it('is told in the activity log, channel by channel', () => {
    expect(Object.keys(organisationActivity).sort()).toEqual([...Object.keys(ORGANISATION_NAME_EVENT_VERSIONS), ...Object.keys(QUOTA_DAY_EVENT_VERSIONS)].sort());
    const [event] = given(quotaDayDecider, []).when(use('s1', { EMAIL: 2, SMS: 1200 }, {}));
    const description = organisationActivity.DailyQuotaUsed(new EventFields(event!.data as never), { ...event!, metadata: {} });
    expect(description.summary).toBe('Counted a send against the daily quotas of 2026-03-30: 1,200 SMS, 2 email');
    expect(description.category).toBe('message');
    expect(description.details).toEqual({ session_id: 's1', day: DAY });
    const nothing = { type: 'DailyQuotaUsed', data: { sessionId: 's2', day: DAY, used: {}, at: AT } };
    expect(organisationActivity.DailyQuotaUsed(new EventFields(nothing.data as never), { ...nothing, metadata: {} }).summary).toBe(
      'Counted a send against the daily quotas of 2026-03-30: nothing limited',
    );
  });
});

describe('a follow-up of a send (auto-retry, resend to no reply)', () => {
  const followUp = (sessionId: string, n: number, needs: ChannelCounts): UseDailyQuota => ({
    type: 'UseDailyQuota',
    data: { sessionId, part: `follow-up/${n}`, day: DAY, needs, quotas: QUOTAS, at: AT, enforce: false },
  });

  it('is counted in even past a quota, apart from its session’s start and once per follow-up', () => {
    const events = recorded([use('s1', { SMS: 90 }), followUp('s1', 1, { SMS: 30 }), followUp('s1', 1, { SMS: 30 }), followUp('s1', 2, { SMS: 5 })]);
    expect(events.map((event) => [event.data.part ?? null, event.data.used])).toEqual([
      [null, { SMS: 90 }],
      ['follow-up/1', { SMS: 30 }],
      ['follow-up/2', { SMS: 5 }],
    ]);
    expect(foldEvents(quotaDayDecider, events).used).toEqual({ SMS: 125 });
  });

  it('makes the next send meet what it used', () => {
    const events = recorded([use('s1', { SMS: 50 }), followUp('s1', 1, { SMS: 45 })]);
    const refused = thrownBy(() => given(quotaDayDecider, events).when(use('s2', { SMS: 6 })));
    expect((refused as QuotaExceededError).shortfall).toEqual({ channel: 'SMS', needed: 6, used: 95, quota: 100, day: DAY });
  });

  it('is told in the activity log as a follow-up', () => {
    const [event] = recorded([followUp('s1', 1, { SMS: 2 })]);
    const description = organisationActivity.DailyQuotaUsed(new EventFields(event!.data as unknown as Record<string, unknown>), { type: event!.type, data: event!.data, metadata: {} });
    expect(description.summary).toBe(`Counted a follow-up of a send against the daily quotas of ${DAY}: 2 SMS`);
  });
});
