import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { hasIncidentRootPermission } from '../access/access-subject';
import { EventFields } from '../shared/activity';
import { customerGroupActivity } from './customer-group.activity';
import { customerGroupDecider, NOT_A_ROOT_GROUP, NOT_AN_ORGANISATION } from './customer-group.decide';
import type { CustomerGroupCreated } from './customer-group.events';
import { fieldErrorsOf } from '../testing/refusals';

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

const child: CustomerGroupCreated = {
  type: 'CustomerGroupCreated',
  data: { customerGroupId: 'g2', name: 'North', parentId: 'g1', rootId: 'g1', ancestorIds: ['g1'], rootPermissions: [], settings: {} },
};

const remove = (customerGroupId: string, counts: { childGroupCount?: number; userCount?: number; fieldCount?: number } = {}) => ({
  type: 'DeleteCustomerGroup' as const,
  data: { customerGroupId, childGroupCount: counts.childGroupCount ?? 0, userCount: counts.userCount ?? 0, fieldCount: counts.fieldCount ?? 0 },
});

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('creating a customer group', () => {
  it('creates a child group under its parent', () => {
    expect(given(customerGroupDecider, []).when({ type: 'CreateCustomerGroup', data: child.data })).toEqual([child]);
  });

  it('refuses a blank name and one over 100 characters, naming the field', () => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, []).when({ type: 'CreateCustomerGroup', data: { ...child.data, name: '  ' } }))).toEqual({
      name: ['This field may not be blank.'],
    });
    expect(fieldErrorsOf(() => given(customerGroupDecider, []).when({ type: 'CreateCustomerGroup', data: { ...child.data, name: 'x'.repeat(101) } }))).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
    });
  });
});

describe('deleting a customer group', () => {
  it('deletes a child group that has no users and no child groups, keeping its name for the log', () => {
    expect(given(customerGroupDecider, [child]).when(remove('g2'))).toEqual([
      { type: 'CustomerGroupDeleted', data: { customerGroupId: 'g2', name: 'North' } },
    ]);
  });

  it('leaves a deleted group where it was, and answers not found for it afterwards', () => {
    const deleted = { type: 'CustomerGroupDeleted' as const, data: { customerGroupId: 'g2', name: 'North' } };
    expect(foldEvents(customerGroupDecider, [child, deleted])).toEqual({ status: 'deleted', customerGroupId: 'g2', rootId: 'g1', ancestorIds: ['g1'] });
    expect(refusal(() => given(customerGroupDecider, [child, deleted]).when(remove('g2'))).kind).toBe('not_found');
    expect(refusal(() => given(customerGroupDecider, [child, deleted]).when(details({ name: 'Back' }))).kind).toBe('not_found');
    expect(refusal(() => given(customerGroupDecider, [child, deleted]).when({ type: 'CreateCustomerGroup', data: child.data })).kind).toBe('conflict');
  });

  it('never deletes the root group', () => {
    const error = refusal(() => given(customerGroupDecider, [created]).when(remove('g1')));
    expect([error.kind, error.message]).toEqual(['validation', 'The root customer group cannot be deleted.']);
  });

  it('refuses a group with child groups, users or contact fields, saying which', () => {
    const cases = [
      [{ childGroupCount: 1 }, 'This customer group still has 1 child group. Move or delete them before deleting the group.'],
      [{ userCount: 3 }, 'This customer group still has 3 users. Move or delete them before deleting the group.'],
      [{ childGroupCount: 2, userCount: 1 }, 'This customer group still has 2 child groups and 1 user. Move or delete them before deleting the group.'],
      [{ fieldCount: 1 }, 'This customer group still has 1 contact field. Move or delete them before deleting the group.'],
      [{ childGroupCount: 1, userCount: 2, fieldCount: 3 }, 'This customer group still has 1 child group, 2 users and 3 contact fields. Move or delete them before deleting the group.'],
    ] as const;
    for (const [counts, message] of cases) {
      const error = refusal(() => given(customerGroupDecider, [child]).when(remove('g2', counts)));
      expect([error.kind, error.message]).toEqual(['validation', message]);
    }
  });

  it('answers not found for a group that does not exist', () => {
    expect(() => given(customerGroupDecider, []).when(remove('g9'))).toThrow('Not found.');
  });
});

describe('moving a customer group under another parent', () => {
  const grandchild: CustomerGroupCreated = {
    type: 'CustomerGroupCreated',
    data: { customerGroupId: 'g3', name: 'Leeds', parentId: 'g2', rootId: 'g1', ancestorIds: ['g1', 'g2'], rootPermissions: [], settings: {} },
  };
  const move = (customerGroupId: string, parentId: string, parentAncestorIds: string[], descendants: { customerGroupId: string; ancestorIds: string[] }[] = []) => ({
    type: 'ChangeCustomerGroupParent' as const,
    data: { customerGroupId, parentId, parentName: `Group ${parentId}`, parentAncestorIds, descendants },
  });

  it('moves the group under the new parent and re-places its subtree below it', () => {
    const events = given(customerGroupDecider, [child]).when(
      move('g2', 'g5', ['g1', 'g4'], [
        { customerGroupId: 'g3', ancestorIds: ['g1', 'g2'] },
        { customerGroupId: 'g6', ancestorIds: ['g1', 'g2', 'g3'] },
      ]),
    );
    expect(events).toEqual([
      {
        type: 'CustomerGroupParentChanged',
        data: {
          customerGroupId: 'g2',
          name: 'North',
          parentId: 'g5',
          parentName: 'Group g5',
          previousParentId: 'g1',
          ancestorIds: ['g1', 'g4', 'g5'],
          descendants: [
            { customerGroupId: 'g3', ancestorIds: ['g1', 'g4', 'g5', 'g2'] },
            { customerGroupId: 'g6', ancestorIds: ['g1', 'g4', 'g5', 'g2', 'g3'] },
          ],
        },
      },
    ]);
    const moved = foldEvents(customerGroupDecider, [child, ...events]);
    expect(moved.status === 'active' && [moved.parentId, moved.ancestorIds]).toEqual(['g5', ['g1', 'g4', 'g5']]);
  });

  it('leaves out a listed group that is not below the moved one', () => {
    const [event] = given(customerGroupDecider, [child]).when(move('g2', 'g5', ['g1'], [{ customerGroupId: 'g7', ancestorIds: ['g1', 'g8'] }]));
    expect(event?.type === 'CustomerGroupParentChanged' && event.data.descendants).toEqual([]);
  });

  it.each([
    ['under itself', move('g2', 'g2', ['g1'])],
    ['under its child', move('g2', 'g3', ['g1', 'g2'])],
    ['under a deeper descendant', move('g2', 'g6', ['g1', 'g2', 'g3'])],
    ['under a descendant the read models list', move('g2', 'g3', ['g1'], [{ customerGroupId: 'g3', ancestorIds: ['g1', 'g2'] }])],
  ])('refuses a move %s, naming the parent field', (_case, command) => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [child, grandchild]).when(command))).toEqual({
      parent: ['A customer group cannot be moved under itself or one of its descendants.'],
    });
  });

  it('never moves the root group', () => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(move('g1', 'g2', ['g1'])))).toEqual({
      parent: ['The root customer group cannot be moved.'],
    });
  });

  it('records nothing for the parent it already has, and answers not found for a missing group', () => {
    expect(given(customerGroupDecider, [child]).when(move('g2', 'g1', []))).toEqual([]);
    expect(refusal(() => given(customerGroupDecider, []).when(move('g2', 'g1', []))).kind).toBe('not_found');
  });
});

describe('changing an organisation’s feature permissions', () => {
  const CREATED_ROOT: CustomerGroupCreated = {
    type: 'CustomerGroupCreated',
    data: { customerGroupId: 'root', name: 'Acme', parentId: null, rootId: 'root', ancestorIds: [], rootPermissions: ['SMS', 'Use Slack'], settings: {} },
  };
  const root = foldEvents(customerGroupDecider, [CREATED_ROOT]);
  const change = (rootPermissions: string[], state = root) => customerGroupDecider.decide({ type: 'ChangeRootPermissions', data: { customerGroupId: 'root', rootPermissions } }, state);

  it('records the whole set in the spec’s order, with what was turned on and off', () => {
    expect(change(['Voice', 'SMS', 'Voice'])).toEqual([{ type: 'RootPermissionsChanged', data: { customerGroupId: 'root', rootPermissions: ['Voice', 'SMS'], added: ['Voice'], removed: ['Use Slack'] } }]);
    const changed = foldEvents(customerGroupDecider, [CREATED_ROOT, ...change(['Voice', 'SMS'])]);
    expect(changed.status === 'active' && changed.rootPermissions).toEqual(['Voice', 'SMS']);
  });

  it('changes nothing for the same set, and refuses unknown names, a child group and a group that is not there', () => {
    expect(change(['Use Slack', 'SMS'])).toEqual([]);
    expect(() => change(['SMS', 'Telepathy', 'Telepathy'])).toThrow(expect.objectContaining({ kind: 'validation', fields: { root_permissions: ['Not a feature permission: "Telepathy".'] } }));
    const child = foldEvents(customerGroupDecider, [
      { type: 'CustomerGroupCreated', data: { customerGroupId: 'c', name: 'Child', parentId: 'root', rootId: 'root', ancestorIds: ['root'], rootPermissions: [], settings: {} } },
    ]);
    expect(() => customerGroupDecider.decide({ type: 'ChangeRootPermissions', data: { customerGroupId: 'c', rootPermissions: [] } }, child)).toThrow(NOT_A_ROOT_GROUP);
    expect(() => change([], customerGroupDecider.initialState())).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('is told in the activity log', () => {
    const [event] = change(['Voice', 'SMS']);
    expect(customerGroupActivity.RootPermissionsChanged(new EventFields(event!.data as never), { ...event!, metadata: {} }).summary).toBe("Changed the organisation's feature permissions: turned on Voice; turned off Use Slack");
  });
});

describe('suspending and resuming an organisation', () => {
  const CREATED: CustomerGroupCreated = {
    type: 'CustomerGroupCreated',
    data: { customerGroupId: 'root', name: 'Acme', parentId: null, rootId: 'root', ancestorIds: [], rootPermissions: [], settings: {} },
  };
  const AT = '2026-11-27T10:00:00.000Z';
  const suspend = { type: 'SuspendOrganisation', data: { customerGroupId: 'root', reason: ' Invoice unpaid ', at: AT } } as const;
  const resume = { type: 'ResumeOrganisation', data: { customerGroupId: 'root', at: AT } } as const;

  it('suspends once and resumes once, each told in the activity log', () => {
    const [suspended] = customerGroupDecider.decide(suspend, foldEvents(customerGroupDecider, [CREATED]));
    expect(suspended).toEqual({ type: 'OrganisationSuspended', data: { customerGroupId: 'root', reason: 'Invoice unpaid', at: AT } });
    const state = foldEvents(customerGroupDecider, [CREATED, suspended!]);
    expect(state.status === 'active' && state.suspended).toBe(true);
    expect(customerGroupDecider.decide(suspend, state)).toEqual([]);
    const [resumed] = customerGroupDecider.decide(resume, state);
    expect(resumed).toEqual({ type: 'OrganisationResumed', data: { customerGroupId: 'root', at: AT } });
    expect(customerGroupDecider.decide(resume, foldEvents(customerGroupDecider, [CREATED, suspended!, resumed!]))).toEqual([]);
    expect(customerGroupActivity.OrganisationSuspended(new EventFields(suspended!.data as never), { ...suspended!, metadata: {} }).summary).toBe('Suspended the organisation');
  });

  it('refuses a child group, a reason over 500 characters, and a group that is not there', () => {
    const child = foldEvents(customerGroupDecider, [{ ...CREATED, data: { ...CREATED.data, customerGroupId: 'c', parentId: 'root', ancestorIds: ['root'] } }]);
    expect(() => customerGroupDecider.decide({ ...suspend, data: { ...suspend.data, customerGroupId: 'c' } }, child)).toThrow(NOT_AN_ORGANISATION);
    expect(() => customerGroupDecider.decide({ ...suspend, data: { ...suspend.data, reason: 'x'.repeat(501) } }, foldEvents(customerGroupDecider, [CREATED]))).toThrow('Invalid suspension.');
    expect(() => customerGroupDecider.decide(resume, customerGroupDecider.initialState())).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});
