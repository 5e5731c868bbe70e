import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { hasIncidentRootPermission } from '../access/access-subject';
import { customerGroupDecider } from './customer-group.decide';
import type { CustomerGroupCreated } from './customer-group.events';

const created: CustomerGroupCreated = {
  type: 'CustomerGroupCreated',
  data: { customerGroupId: 'g1', name: 'Demo', parentId: null, rootId: 'g1', ancestorIds: [], rootPermissions: [], settings: {} },
};

const change = (moduleName: string, moduleNamePlural: string) => ({
  type: 'ChangeIncidentModuleSettings' as const,
  data: { customerGroupId: 'g1', moduleName, moduleNamePlural },
});

describe('customer group decider', () => {
  it('creates a group with a trimmed name', () => {
    const events = given(customerGroupDecider, []).when({ type: 'CreateCustomerGroup', data: { ...created.data, name: '  Demo ' } });
    expect(events).toEqual([created]);
  });

  it('keeps the root permissions the group was created with, through later changes', () => {
    const root: CustomerGroupCreated = { ...created, data: { ...created.data, rootPermissions: ['Show Incident Manager dashboard only', 'Media library'] } };
    const renamed = { type: 'CustomerGroupDetailsChanged' as const, data: { customerGroupId: 'g1', name: 'Acme' } };
    const state = foldEvents(customerGroupDecider, [root, renamed]);
    expect(state.status === 'active' && state.rootPermissions).toEqual(['Show Incident Manager dashboard only', 'Media library']);
    expect(state.status === 'active' && hasIncidentRootPermission(state)).toBe(true);
    const without = foldEvents(customerGroupDecider, [created]);
    expect(without.status === 'active' && without.rootPermissions).toEqual([]);
    expect(without.status === 'active' && hasIncidentRootPermission(without)).toBe(false);
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
      throw new Error('unreachable');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const domainError = error as DomainError;
      expect(domainError.kind).toBe('validation');
      expect(domainError.fields).toEqual({
        module_name: ['This field may not be blank.'],
        module_name_plural: ['Ensure this field has no more than 50 characters.'],
      });
    }
  });

  it('answers not found for a group that does not exist', () => {
    expect(() => given(customerGroupDecider, []).when(change('Case', 'Cases'))).toThrow('Not found.');
  });
});

const details = (fields: { name?: string; shouldUseAutologout?: boolean; brandLoginUrl?: string }) => ({
  type: 'ChangeCustomerGroupDetails' as const,
  data: { customerGroupId: 'g1', ...fields },
});

function fieldErrorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).fields;
  }
  throw new Error('expected a validation error');
}

describe('changing customer group details', () => {
  it('records only the fields that change, trimmed', () => {
    expect(given(customerGroupDecider, [created]).when(details({ name: ' Demo ', shouldUseAutologout: true }))).toEqual([
      { type: 'CustomerGroupDetailsChanged', data: { customerGroupId: 'g1', shouldUseAutologout: true } },
    ]);
    expect(given(customerGroupDecider, [created]).when(details({ name: 'Acme', brandLoginUrl: ' acme-1 ' }))).toEqual([
      { type: 'CustomerGroupDetailsChanged', data: { customerGroupId: 'g1', name: 'Acme', brandLoginUrl: 'acme-1', previousBrandLoginUrl: '' } },
    ]);
  });

  it('records nothing when nothing changes or nothing is given', () => {
    const changed = {
      type: 'CustomerGroupDetailsChanged' as const,
      data: { customerGroupId: 'g1', name: 'Acme', shouldUseAutologout: true, brandLoginUrl: 'acme', previousBrandLoginUrl: '' },
    };
    expect(given(customerGroupDecider, [created, changed]).when(details({ name: 'Acme', shouldUseAutologout: true, brandLoginUrl: 'acme' }))).toEqual([]);
    expect(given(customerGroupDecider, [created]).when(details({}))).toEqual([]);
  });

  it('names the brand login URL it replaces, and may clear it', () => {
    const named = { type: 'CustomerGroupDetailsChanged' as const, data: { customerGroupId: 'g1', brandLoginUrl: 'acme', previousBrandLoginUrl: '' } };
    expect(given(customerGroupDecider, [created, named]).when(details({ brandLoginUrl: '' }))).toEqual([
      { type: 'CustomerGroupDetailsChanged', data: { customerGroupId: 'g1', brandLoginUrl: '', previousBrandLoginUrl: 'acme' } },
    ]);
  });

  it('rejects a blank or over-long name and a bad brand login URL, a message per field', () => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(details({ name: ' ', brandLoginUrl: 'A' })))).toEqual({
      name: ['This field may not be blank.'],
      brand_login_url: ['Enter 2 to 50 lowercase letters, digits or hyphens.'],
    });
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(details({ name: 'x'.repeat(101) })))).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
    });
    expect(given(customerGroupDecider, [created]).when(details({ name: 'x'.repeat(100) }))).toHaveLength(1);
  });

  it.each([['A'], ['acme_corp'], ['ACME'], ['a'], ['x'.repeat(51)], ['acme corp']])('rejects the brand login URL %j', (brandLoginUrl) => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(details({ brandLoginUrl }))).brand_login_url).toHaveLength(1);
  });

  it.each([['login'], ['reset'], ['users'], ['help'], ['datasets'], ['ui'], ['api']])('refuses %s, the first segment of a console route', (brandLoginUrl) => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(details({ brandLoginUrl })))).toEqual({
      brand_login_url: ['This brand login URL is reserved by the console.'],
    });
  });

  it('answers not found for a group that does not exist', () => {
    expect(() => given(customerGroupDecider, []).when(details({ name: 'X' }))).toThrow('Not found.');
  });
});
