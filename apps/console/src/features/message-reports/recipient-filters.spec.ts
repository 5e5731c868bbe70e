import { describe, expect, it } from '@jest/globals';
import { filtersOf, instantOfLocalInput, NO_FILTER_VALUES, replyChoices, shownFilters } from './recipient-filters';
import type { ReportAggregates } from './message-reports-api';

const ALL = ['state', 'reply', 'reply_time', 'name', 'email', 'phone'] as const;

describe('shownFilters', () => {
  it('keeps the filters the server lists, email only with an email channel and phone only with text or voice', () => {
    expect([...shownFilters({ detail: { allowed: true, filters: [...ALL] }, channels: ['SMS', 'EMAIL'] })]).toEqual([...ALL]);
    expect([...shownFilters({ detail: { allowed: true, filters: [...ALL] }, channels: ['EMAIL'] })]).toEqual(['state', 'reply', 'reply_time', 'name', 'email']);
    expect([...shownFilters({ detail: { allowed: true, filters: [...ALL] }, channels: ['VOICE', 'TEAMS'] })]).toEqual(['state', 'reply', 'reply_time', 'name', 'phone']);
    expect([...shownFilters({ detail: { allowed: true, filters: ['state', 'reply'] }, channels: ['SMS', 'EMAIL'] })]).toEqual(['state', 'reply']);
  });
});

describe('filtersOf', () => {
  const values = { ...NO_FILTER_VALUES, state: 'Pending' as const, reply: ' Yes ', replyFrom: '2026-03-29T01:30', replyTo: '2026-10-25T01:30', name: '  ', email: 'ada@', phone: '+44' };

  it('sends only the filters shown and given, trimmed, the reply times as instants of the user’s time zone', () => {
    expect(filtersOf(values, new Set(ALL), 'Europe/London')).toEqual({
      state: 'Pending',
      reply: 'Yes',
      // The clocks skip 01:00 to 02:00 on 29 March: 01:30 is moved on by the gap, to 02:30 BST.
      reply_time_from: '2026-03-29T01:30:00Z',
      // They repeat 01:00 to 02:00 on 25 October: 01:30 is the first of the two, in BST.
      reply_time_to: '2026-10-25T00:30:00Z',
      email: 'ada@',
      phone: '+44',
    });
    expect(filtersOf(values, new Set(['state'] as const), 'Europe/London')).toEqual({ state: 'Pending' });
    expect(filtersOf(NO_FILTER_VALUES, new Set(ALL), 'Europe/London')).toEqual({});
  });

  it('leaves out a reply time the input did not complete', () => {
    expect(instantOfLocalInput('', 'Europe/Oslo')).toBeUndefined();
    expect(instantOfLocalInput('2026-03-05', 'Europe/Oslo')).toBeUndefined();
    expect(instantOfLocalInput('2026-03-05T10:05', 'Europe/Oslo')).toBe('2026-03-05T09:05:00Z');
  });
});

describe('replyChoices', () => {
  it('offers the reply labels, anyone who replied, then each reply counted (not the excluded)', () => {
    const buckets = ['No Response', 'Yes', 'Excluded Users', 'Delivery Failure', 'Responded', 'No'].map((key) => ({ key, count: 1 }));
    const aggregates = { reply: { by: 'reply', total: 6, buckets } } as unknown as ReportAggregates;
    expect(replyChoices(aggregates)).toEqual(['No Response', 'Delivery Failure', 'Responded', 'Yes', 'No']);
    expect(replyChoices(null)).toEqual(['No Response', 'Delivery Failure', 'Responded']);
  });
});
