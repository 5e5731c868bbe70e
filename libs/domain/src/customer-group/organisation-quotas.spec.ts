import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { quotaValueProblem } from '../organisation/daily-quotas';
import { fieldErrorsOf } from '../testing/refusals';
import { customerGroupActivity } from './customer-group.activity';
import type { ChangeOrganisationQuotas } from './customer-group.commands';
import { customerGroupDecider, NOT_AN_ORGANISATION_QUOTAS } from './customer-group.decide';
import type { CustomerGroupCreated, CustomerGroupEvent, OrganisationQuotasChanged } from './customer-group.events';
import type { CustomerGroupState } from './customer-group.state';

const AT = '2026-03-30T10:00:00.000Z';
const CREATED: CustomerGroupCreated = {
  type: 'CustomerGroupCreated',
  data: { customerGroupId: 'root', name: 'Acme', parentId: null, rootId: 'root', ancestorIds: [], rootPermissions: ['SMS'], settings: {} },
};
const CHILD: CustomerGroupCreated = { type: 'CustomerGroupCreated', data: { ...CREATED.data, customerGroupId: 'c', name: 'North', parentId: 'root', ancestorIds: ['root'] } };

const changeQuotas = (quotas: Record<string, unknown>, customerGroupId = 'root'): ChangeOrganisationQuotas => ({
  type: 'ChangeOrganisationQuotas',
  data: { customerGroupId, quotas, at: AT },
});
const quotasChanged = (quotas: OrganisationQuotasChanged['data']['quotas'], previous: OrganisationQuotasChanged['data']['previous']): OrganisationQuotasChanged => ({
  type: 'OrganisationQuotasChanged',
  data: { customerGroupId: 'root', quotas, previous, at: AT },
});

const stateOf = (events: readonly CustomerGroupEvent[]) => foldEvents(customerGroupDecider, events);
const quotasOf = (state: CustomerGroupState) => (state.status === 'active' ? state.quotas : 'not active');
const summaryOf = (event: CustomerGroupEvent) => customerGroupActivity.OrganisationQuotasChanged(new EventFields(event.data as never), { ...event, metadata: {} });

describe('changing an organisation’s daily quotas', () => {
  it('starts with no quotas (every channel unlimited)', () => {
    expect(quotasOf(stateOf([CREATED]))).toEqual({});
  });

  it('records the whole set on a root group, in the channels’ order, with the set before', () => {
    const events = customerGroupDecider.decide(changeQuotas({ EMAIL: 50, SMS: 1000, VOICE: null }), stateOf([CREATED]));
    expect(events).toEqual([quotasChanged({ SMS: 1000, EMAIL: 50 }, {})]);
    expect(Object.keys((events[0] as OrganisationQuotasChanged).data.quotas)).toEqual(['SMS', 'EMAIL']);
    const state = stateOf([CREATED, ...events]);
    expect(quotasOf(state)).toEqual({ SMS: 1000, EMAIL: 50 });

    const next = customerGroupDecider.decide(changeQuotas({ SMS: 500, SLACK: 0 }), state);
    expect(next).toEqual([quotasChanged({ SMS: 500, SLACK: 0 }, { SMS: 1000, EMAIL: 50 })]);
    expect(quotasOf(stateOf([CREATED, ...events, ...next]))).toEqual({ SMS: 500, SLACK: 0 });
  });

  it('records nothing for the same set again, however it is written', () => {
    const state = stateOf([CREATED, quotasChanged({ SMS: 1000, EMAIL: 50 }, {})]);
    expect(customerGroupDecider.decide(changeQuotas({ SMS: 1000, EMAIL: 50 }), state)).toEqual([]);
    expect(customerGroupDecider.decide(changeQuotas({ EMAIL: 50, TEAMS: null, SMS: 1000 }), state)).toEqual([]);
    expect(customerGroupDecider.decide(changeQuotas({}), stateOf([CREATED]))).toEqual([]);
    expect(customerGroupDecider.decide(changeQuotas({ SMS: null }), stateOf([CREATED]))).toEqual([]);
  });

  it('tells a 0 quota from none, and takes every quota off with an empty set', () => {
    const state = stateOf([CREATED, quotasChanged({ VOICE: 0 }, {})]);
    expect(customerGroupDecider.decide(changeQuotas({ VOICE: 0 }), state)).toEqual([]);
    const cleared = customerGroupDecider.decide(changeQuotas({}), state);
    expect(cleared).toEqual([quotasChanged({}, { VOICE: 0 })]);
    expect(quotasOf(stateOf([CREATED, quotasChanged({ VOICE: 0 }, {}), ...cleared]))).toEqual({});
  });

  it('refuses a child group: only an organisation has daily quotas', () => {
    const child = stateOf([CHILD]);
    let error: unknown = null;
    try {
      customerGroupDecider.decide(changeQuotas({ SMS: 10 }, 'c'), child);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    expect((error as DomainError).message).toBe(NOT_AN_ORGANISATION_QUOTAS);
    expect(NOT_AN_ORGANISATION_QUOTAS).toBe('Only an organisation (a root customer group) has daily quotas.');
  });

  it('answers not found for a group that is not there, or deleted', () => {
    expect(() => customerGroupDecider.decide(changeQuotas({ SMS: 10 }), customerGroupDecider.initialState())).toThrow(expect.objectContaining({ kind: 'not_found' }));
    const deleted = stateOf([CREATED, { type: 'CustomerGroupDeleted', data: { customerGroupId: 'root', name: 'Acme' } }]);
    expect(deleted.status).toBe('deleted');
    expect(() => customerGroupDecider.decide(changeQuotas({ SMS: 10 }), deleted)).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('refuses bad values and unknown channels, naming each field, and records nothing', () => {
    const state = stateOf([CREATED]);
    expect(fieldErrorsOf(() => customerGroupDecider.decide(changeQuotas({ SMS: -1, EMAIL: 1.5, VOICE: '10', TEAMS: 1_000_000_001, PUSH: 3 }), state))).toEqual({
      'quotas.SMS': [quotaValueProblem],
      'quotas.EMAIL': [quotaValueProblem],
      'quotas.VOICE': [quotaValueProblem],
      'quotas.TEAMS': [quotaValueProblem],
      'quotas.PUSH': ['Not a channel with a quota: one of SMS, VOICE, EMAIL, TEAMS, SLACK.'],
    });
    expect(fieldErrorsOf(() => customerGroupDecider.decide(changeQuotas({ SMS: 10, SLACK: -5 }), state))).toEqual({ 'quotas.SLACK': [quotaValueProblem] });
  });

  it('is told in the activity log, channel by channel, or as no limits', () => {
    const [set] = customerGroupDecider.decide(changeQuotas({ VOICE: 0, EMAIL: 25000, SMS: 1000 }), stateOf([CREATED]));
    const description = summaryOf(set!);
    expect(description.summary).toBe("Set the organisation's daily quotas: SMS 1,000 a day, voice 0 a day, email 25,000 a day");
    expect(description.category).toBe('customer_group');
    expect(description.details).toEqual({ customer_group_id: 'root', quotas: 'SMS 1,000 a day, voice 0 a day, email 25,000 a day' });

    const cleared = quotasChanged({}, { SMS: 1000 });
    expect(summaryOf(cleared).summary).toBe("Set the organisation's daily quotas: no limits");
    expect(summaryOf(cleared).details).toEqual({ customer_group_id: 'root', quotas: 'none' });
    expect(summaryOf(quotasChanged({ TEAMS: 2, SLACK: 1 }, {})).summary).toBe("Set the organisation's daily quotas: Microsoft Teams 2 a day, Slack 1 a day");
  });
});
