import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { DomainError } from '../shared/domain-errors';
import { fieldErrorsOf } from '../testing/refusals';
import { onCallRosterDecider } from './on-call-roster.decide';
import type { OnCallRosterCommand } from './on-call-roster.commands';
import { userIdOfOnCallPeriod } from './on-call-roster.state';
import type { OnCallPeriodAdded, OnCallRosterEvent } from './on-call.events';
import {
  END_NOT_AFTER_START,
  NOT_AN_ISO_TIME,
  overlapsPeriod,
  PERIOD_TOO_LONG,
  TIME_OUT_OF_RANGE,
  WHOLE_SECONDS_ONLY,
} from './on-call.messages';

const LONDON = 'Europe/London';
const user = { userId: 'u1', customerGroupId: 'g1' };

const addedEvent = (n: number, startDate: string, endDate: string): OnCallPeriodAdded => ({
  type: 'OnCallPeriodAdded',
  data: { ...user, periodId: `u1.${n}`, startDate, endDate },
});

/** Thursday 18:00 to Friday 08:00 in November. */
const night = addedEvent(1, '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z');

const add = (startDate: string, endDate: string, timeZone = LONDON): OnCallRosterCommand => ({ type: 'AddOnCallPeriod', data: { ...user, startDate, endDate, timeZone } });
const change = (periodId: string, startDate: string, endDate: string): OnCallRosterCommand => ({
  type: 'ChangeOnCallPeriod',
  data: { ...user, periodId, startDate, endDate, timeZone: LONDON },
});
const parts = (startDate: string, endDate: string): OnCallRosterCommand => ({ type: 'AssignFreeOnCallParts', data: { ...user, startDate, endDate, timeZone: LONDON } });

const when = (events: OnCallRosterEvent[], command: OnCallRosterCommand) => given(onCallRosterDecider, events).when(command);

function domainError(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a domain error');
}

describe('adding an on-call period', () => {
  it('records the period in UTC to the second, numbered in the user’s roster', () => {
    expect(when([], add('2026-11-26T18:00:00+00:00', '2026-11-27T09:00:00+01:00'))).toEqual([night]);
    expect(when([night], add('2026-11-28T18:00:00Z', '2026-11-29T08:00:00Z'))).toEqual([addedEvent(2, '2026-11-28T18:00:00Z', '2026-11-29T08:00:00Z')]);
  });

  it('names the user in the period id, and nothing else is an id of a period', () => {
    expect(userIdOfOnCallPeriod('u1.2')).toBe('u1');
    expect(userIdOfOnCallPeriod('7f0c.a.12')).toBe('7f0c.a');
    for (const id of ['__proto__', 'u1', 'u1.0', 'u1.x', '.3', 'u1.1234567890']) expect([id, userIdOfOnCallPeriod(id)]).toEqual([id, null]);
  });

  it('refuses an end before or at the start', () => {
    expect(fieldErrorsOf(() => when([], add('2026-11-27T08:00:00Z', '2026-11-26T18:00:00Z')))).toEqual({ end_date: [END_NOT_AFTER_START] });
    expect(fieldErrorsOf(() => when([], add('2026-11-26T18:00:00Z', '2026-11-26T19:00:00+01:00')))).toEqual({ end_date: [END_NOT_AFTER_START] });
  });

  it('refuses a period longer than a year, times outside 2000 to 2100, fractions of a second and text that is no time, all at once', () => {
    expect(fieldErrorsOf(() => when([], add('2026-01-01T00:00:00Z', '2027-01-02T00:00:01Z')))).toEqual({ end_date: [PERIOD_TOO_LONG] });
    expect(fieldErrorsOf(() => when([], add('1999-12-31T23:59:59Z', '2100-01-01T00:00:01Z')))).toEqual({
      start_date: [TIME_OUT_OF_RANGE],
      end_date: [TIME_OUT_OF_RANGE],
    });
    expect(fieldErrorsOf(() => when([], add('2026-11-26T18:00:00.5Z', 'soon')))).toEqual({ start_date: [WHOLE_SECONDS_ONLY], end_date: [NOT_AN_ISO_TIME] });
  });

  it.each([
    ['inside it', '2026-11-26T20:00:00Z', '2026-11-26T21:00:00Z'],
    ['around it', '2026-11-26T12:00:00Z', '2026-11-28T00:00:00Z'],
    ['across its start', '2026-11-26T17:00:00Z', '2026-11-26T18:00:01Z'],
    ['across its end', '2026-11-27T07:59:59Z', '2026-11-27T10:00:00Z'],
    ['exactly on it', '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z'],
  ])('refuses a period overlapping another of the user (%s), naming its times in the user’s zone', (_, start, end) => {
    const error = domainError(() => when([night], add(start, end)));
    const message = overlapsPeriod(Date.parse('2026-11-26T18:00:00Z'), Date.parse('2026-11-27T08:00:00Z'), LONDON);
    expect(message).toBe("This period overlaps the user's on-call period from 26/11/2026 18:00:00 to 27/11/2026 08:00:00 (Europe/London).");
    expect({ kind: error.kind, message: error.message, fields: error.fields, body: error.body }).toEqual({
      kind: 'validation',
      message,
      fields: { non_field_errors: [message] },
      body: { clashing_period: { on_call_period_id: 'u1.1', start_date: '2026-11-26T18:00:00Z', end_date: '2026-11-27T08:00:00Z' } },
    });
  });

  it('names the clashing times in the zone the command gives', () => {
    const error = domainError(() => when([night], add('2026-11-26T20:00:00Z', '2026-11-26T21:00:00Z', 'America/New_York')));
    expect(error.message).toBe("This period overlaps the user's on-call period from 26/11/2026 13:00:00 to 27/11/2026 03:00:00 (America/New_York).");
  });

  it('lets a period start when another ends, and end when another starts', () => {
    expect(when([night], add('2026-11-27T08:00:00Z', '2026-11-27T18:00:00Z'))).toHaveLength(1);
    expect(when([night], add('2026-11-26T08:00:00Z', '2026-11-26T18:00:00Z'))).toHaveLength(1);
  });

  it('lets a removed period’s time be taken again, with a new number', () => {
    const removed: OnCallRosterEvent = { type: 'OnCallPeriodRemoved', data: night.data };
    expect(when([night, removed], add('2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z'))).toEqual([addedEvent(2, '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z')]);
  });

  it('decides a period over the clocks going back by the instants, not the wall clock', () => {
    // 00:30 to 01:30 UTC on 25 October 2026 reads 01:30 BST to 01:30 GMT in London: an hour, not nothing.
    expect(when([], add('2026-10-25T01:30:00+01:00', '2026-10-25T01:30:00+00:00'))).toEqual([
      addedEvent(1, '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'),
    ]);
  });
});

describe('changing an on-call period', () => {
  const morning = addedEvent(2, '2026-11-28T08:00:00Z', '2026-11-28T12:00:00Z');

  it('records the new times with the old ones', () => {
    expect(when([night, morning], change('u1.1', '2026-11-26T17:00:00Z', '2026-11-27T08:00:00Z'))).toEqual([
      {
        type: 'OnCallPeriodChanged',
        data: {
          ...user,
          periodId: 'u1.1',
          startDate: '2026-11-26T17:00:00Z',
          endDate: '2026-11-27T08:00:00Z',
          previousStartDate: '2026-11-26T18:00:00Z',
          previousEndDate: '2026-11-27T08:00:00Z',
        },
      },
    ]);
  });

  it('never counts the period against itself, and records nothing when the times stay', () => {
    expect(when([night], change('u1.1', '2026-11-26T18:00:00Z', '2026-11-27T10:00:00Z'))).toHaveLength(1);
    expect(when([night], change('u1.1', '2026-11-26T18:00:00+00:00', '2026-11-27T08:00:00Z'))).toEqual([]);
  });

  it('refuses new times overlapping another period, and times in the wrong order', () => {
    expect(domainError(() => when([night, morning], change('u1.1', '2026-11-26T18:00:00Z', '2026-11-28T09:00:00Z'))).message).toBe(
      overlapsPeriod(Date.parse('2026-11-28T08:00:00Z'), Date.parse('2026-11-28T12:00:00Z'), LONDON),
    );
    expect(fieldErrorsOf(() => when([night], change('u1.1', '2026-11-27T08:00:00Z', '2026-11-27T08:00:00Z')))).toEqual({ end_date: [END_NOT_AFTER_START] });
  });

  it('answers not found for a period the user does not have (a removed one, or a prototype name)', () => {
    const removed: OnCallRosterEvent = { type: 'OnCallPeriodRemoved', data: night.data };
    for (const [events, id] of [[[night, removed], 'u1.1'], [[night], 'u1.9'], [[night], '__proto__'], [[night], 'constructor']] as const) {
      expect(domainError(() => when([...events], change(id, '2026-11-26T18:00:00Z', '2026-11-27T10:00:00Z'))).kind).toBe('not_found');
    }
  });
});

describe('removing an on-call period', () => {
  it('records the removal with the period’s times', () => {
    expect(when([night], { type: 'RemoveOnCallPeriod', data: { ...user, periodId: 'u1.1' } })).toEqual([{ type: 'OnCallPeriodRemoved', data: night.data }]);
  });

  it('answers not found for a period it does not have', () => {
    expect(domainError(() => when([], { type: 'RemoveOnCallPeriod', data: { ...user, periodId: 'u1.1' } })).kind).toBe('not_found');
  });
});

describe('assigning the free parts of a period', () => {
  const morning = addedEvent(2, '2026-11-28T08:00:00Z', '2026-11-28T12:00:00Z');

  it('gives the whole period to a user who is free', () => {
    expect(when([], parts('2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z'))).toEqual([night]);
  });

  it('gives each stretch between the user’s periods as a period of its own, skipping the overlaps', () => {
    expect(when([night, morning], parts('2026-11-26T12:00:00Z', '2026-11-28T18:00:00Z'))).toEqual([
      addedEvent(3, '2026-11-26T12:00:00Z', '2026-11-26T18:00:00Z'),
      addedEvent(4, '2026-11-27T08:00:00Z', '2026-11-28T08:00:00Z'),
      addedEvent(5, '2026-11-28T12:00:00Z', '2026-11-28T18:00:00Z'),
    ]);
  });

  it('gives nothing to a user on call throughout', () => {
    expect(when([night], parts('2026-11-26T20:00:00Z', '2026-11-27T08:00:00Z'))).toEqual([]);
  });

  it('checks the period’s times as adding one does', () => {
    expect(fieldErrorsOf(() => when([], parts('2026-11-27T08:00:00Z', '2026-11-26T18:00:00Z')))).toEqual({ end_date: [END_NOT_AFTER_START] });
  });
});
