import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { NOT_A_STRING, Refused } from '../shared/field-messages';
import { FORM } from '../testing/incident-fixtures';
import { orderAtTop } from './incident-input';
import { newIncident } from './new-incident';

const input = { form: FORM, template: null, customerGroupId: 'group-north', defaultOrder: 'zzzy' };

describe('a new incident, not yet recorded', () => {
  it('is a draft at version 0 with the form snapshot, the default order and the form name as title', () => {
    expect(newIncident(input)).toEqual({
      id: null,
      name: 'Flood report',
      title: 'Flood report',
      incident_title: 'Flood report',
      state: 'draft',
      form: 'form-1',
      template: null,
      order: 'zzzy',
      customer_group: 'group-north',
      form_snapshot: FORM,
      field_values: [],
      ignored_field_groups: [],
      version: 0,
      created_at: null,
      created_by: null,
      updated_at: null,
      updated_by: null,
    });
  });

  it('takes the given title and order, else the template title, and the template preset values', () => {
    expect(newIncident({ ...input, title: ' Mine ', order: 'abc' })).toMatchObject({ title: 'Mine', order: 'abc' });
    const template = { id: 'tpl', incident_title: 'From template', field_values: [{ field: 'people', field_group: 'details', values: ['3'] }] };
    expect(newIncident({ ...input, template })).toMatchObject({
      title: 'From template',
      template: 'tpl',
      field_values: [{ field: 'people', field_group: 'details', field_type: 'NUMBER', values: [3] }],
    });
  });

  it('refuses a bad title or order with a message per field', () => {
    expect(() => newIncident({ ...input, title: new Refused([NOT_A_STRING]), order: 'A' })).toThrow(DomainError);
  });
});

describe('the order of a new incident', () => {
  it('goes before the first of the list, zzzzz for an empty list, and ties with a key nothing sorts before', () => {
    expect(orderAtTop(null)).toBe('zzzzz');
    expect(orderAtTop('zzzzz')).toBe('zzzzy');
    expect(orderAtTop('b')).toBe('am');
    expect(orderAtTop('aa')).toBe('aa');
  });
});
