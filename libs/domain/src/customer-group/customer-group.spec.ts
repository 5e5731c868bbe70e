import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { DomainError } from '../shared/domain-errors';
import { customerGroupDecider } from './customer-group.decide';
import type { CustomerGroupCreated } from './customer-group.events';

const created: CustomerGroupCreated = {
  type: 'CustomerGroupCreated',
  data: { customerGroupId: 'g1', name: 'Demo', parentId: null, rootId: 'g1', ancestorIds: [], rootPermissions: [], settings: {} },
};

const change = (moduleName: unknown, moduleNamePlural: unknown) => ({
  type: 'ChangeIncidentModuleSettings' as const,
  data: { customerGroupId: 'g1', moduleName, moduleNamePlural },
});

describe('customer group decider', () => {
  it('creates a group with a trimmed name', () => {
    const events = given(customerGroupDecider, []).when({ type: 'CreateCustomerGroup', data: { ...created.data, name: '  Demo ' } });
    expect(events).toEqual([created]);
  });

  it('refuses to create a group twice', () => {
    expect(() => given(customerGroupDecider, [created]).when({ type: 'CreateCustomerGroup', data: created.data })).toThrow(
      'This customer group already exists.',
    );
  });

  it('changes the incident module names, trimmed', () => {
    expect(given(customerGroupDecider, [created]).when(change(' Case ', 'Cases'))).toEqual([
      { type: 'IncidentModuleSettingsChanged', data: { customerGroupId: 'g1', moduleName: 'Case', moduleNamePlural: 'Cases' } },
    ]);
  });

  it('records nothing when the names do not change', () => {
    const changed = { type: 'IncidentModuleSettingsChanged' as const, data: { customerGroupId: 'g1', moduleName: 'Case', moduleNamePlural: 'Cases' } };
    expect(given(customerGroupDecider, [created, changed]).when(change('Case', 'Cases'))).toEqual([]);
    expect(given(customerGroupDecider, [created]).when(change('Incident', 'Incidents'))).toEqual([]);
  });

  it('rejects blank, missing or over-long names with a message per field', () => {
    try {
      given(customerGroupDecider, [created]).when(change('  ', 'x'.repeat(51)));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const domainError = error as DomainError;
      expect(domainError.kind).toBe('validation');
      expect(domainError.fields).toEqual({
        module_name: ['This field may not be blank.'],
        module_name_plural: ['Ensure this field has no more than 50 characters.'],
      });
    }
    expect(() => given(customerGroupDecider, [created]).when(change(undefined, 42))).toThrow(DomainError);
  });

  it('answers not found for a group that does not exist', () => {
    expect(() => given(customerGroupDecider, []).when(change('Case', 'Cases'))).toThrow('Not found.');
  });
});
