import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { DomainError } from '../shared/domain-errors';
import { Refused } from '../shared/field-messages';
import {
  FIELD_GROUP_FIXED,
  FIELD_TYPE_FIXED,
  OPTION_LABEL_TAKEN,
  OPTIONS_ON_SELECT_FIELDS_ONLY,
  contactFieldDecider,
  notBelowFieldGroup,
  unknownOption,
  usedByMessages,
} from './field.decide';
import type { ContactFieldCommand } from './field.commands';
import type { ContactFieldCreated, ContactFieldEvent, ContactFieldExcludedOptionsChanged } from './field.events';
import { fieldIdOfOption } from './field.state';
import { allOptionsDisabled, excludedOptionIdsFor } from './field-exclusions';
import { fieldErrorsOf } from '../testing/refusals';

const created: ContactFieldCreated = {
  type: 'ContactFieldCreated',
  data: {
    fieldId: 'f1',
    customerGroupId: 'g1',
    label: 'Region',
    fieldType: 'SINGLESELECT',
    options: [
      { optionId: 'f1.1', label: 'North' },
      { optionId: 'f1.2', label: 'South' },
    ],
  },
};

const mobile: ContactFieldCreated = {
  type: 'ContactFieldCreated',
  data: { fieldId: 'f2', customerGroupId: 'g1', label: 'Mobile', fieldType: 'PHONE(SMS&VOICE)', options: [] },
};

const create = (data: Partial<Extract<ContactFieldCommand, { type: 'CreateContactField' }>['data']>): ContactFieldCommand => ({
  type: 'CreateContactField',
  data: { fieldId: 'f1', customerGroupId: 'g1', label: 'Region', field_type: 'SINGLESELECT', ...data },
});

const exclude = (entries: { customerGroupId: string; optionIds: unknown[] }[], descendantGroupIds = ['g2', 'g3']): ContactFieldCommand => ({
  type: 'ChangeExcludedOptionsByGroup',
  data: { fieldId: 'f1', excludedOptionsByGroup: entries, descendantGroupIds },
});

const when = (events: ContactFieldEvent[], command: ContactFieldCommand) => given(contactFieldDecider, events).when(command);

/** The field messages of the validation error the decision throws. */

function errorKindOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).kind;
  }
  throw new Error('expected a domain error');
}

describe('creating a contact field', () => {
  it('creates a select field with its options, labels trimmed, options numbered in the field', () => {
    expect(when([], create({ label: ' Region ', options: [' North', 'South '] }))).toEqual([created]);
  });

  it.each([
    ['TEXT'],
    ['NUMERIC'],
    ['POSTCODE'],
    ['EMAIL'],
    ['PAGER'],
    ['MULTISELECT'],
    ['SINGLESELECT'],
    ['PHONE(SMS)'],
    ['PHONE(VOICE)'],
    ['PHONE(SMS&VOICE)'],
  ] as const)('creates a %s field', (fieldType) => {
    const [event] = when([], create({ field_type: fieldType }));
    expect(event).toMatchObject({ type: 'ContactFieldCreated', data: { fieldType, options: [] } });
  });

  it.each([
    ['a blank label', { label: '   ' }, { label: ['This field may not be blank.'] }],
    ['a label over 100 characters', { label: 'x'.repeat(101) }, { label: ['Ensure this field has no more than 100 characters.'] }],
    ['a type the edge refused', { field_type: new Refused(['"DATE" is not a valid choice.']) }, { field_type: ['"DATE" is not a valid choice.'] }],
    ['options on a text field', { field_type: 'TEXT' as const, options: ['A'] }, { options: [OPTIONS_ON_SELECT_FIELDS_ONLY] }],
    ['a blank option', { options: ['A', ' '] }, { options: ['Option 2: This field may not be blank.'] }],
    ['a duplicate option, case aside', { options: ['North', 'north '] }, { options: [`Option 2: ${OPTION_LABEL_TAKEN}`] }],
    ['an option over 100 characters', { options: ['x'.repeat(101)] }, { options: ['Option 1: Ensure this field has no more than 100 characters.'] }],
  ])('refuses %s, naming the field', (_case, data, fields) => {
    expect(fieldErrorsOf(() => when([], create(data)))).toEqual(fields);
  });

  it('answers every problem at once', () => {
    expect(Object.keys(fieldErrorsOf(() => when([], create({ label: '', options: ['', ''] })))).sort()).toEqual(['label', 'options']);
  });

  it('accepts a label of exactly 100 characters', () => {
    expect(when([], create({ label: 'x'.repeat(100) }))).toHaveLength(1);
  });
});

describe('changing a contact field', () => {
  const change = (data: Omit<Extract<ContactFieldCommand, { type: 'ChangeContactField' }>['data'], 'fieldId'>): ContactFieldCommand => ({
    type: 'ChangeContactField',
    data: { fieldId: 'f1', ...data },
  });

  it('renames it, and records nothing when nothing changes', () => {
    expect(when([created], change({ label: ' Area ', field_type: 'SINGLESELECT', customer_group: 'g1' }))).toEqual([
      { type: 'ContactFieldRenamed', data: { fieldId: 'f1', customerGroupId: 'g1', label: 'Area', previousLabel: 'Region' } },
    ]);
    expect(when([created], change({ label: 'Region' }))).toEqual([]);
    expect(when([created], change({}))).toEqual([]);
  });

  it('refuses another type or another customer group, and a blank label', () => {
    expect(fieldErrorsOf(() => when([created], change({ label: ' ', field_type: 'TEXT', customer_group: 'g2' })))).toEqual({
      label: ['This field may not be blank.'],
      field_type: [FIELD_TYPE_FIXED],
      customer_group: [FIELD_GROUP_FIXED],
    });
  });

  it('answers not found for a field that does not exist or was deleted', () => {
    expect(errorKindOf(() => when([], change({ label: 'X' })))).toBe('not_found');
    const deleted: ContactFieldEvent = { type: 'ContactFieldDeleted', data: { fieldId: 'f1', customerGroupId: 'g1', label: 'Region' } };
    expect(errorKindOf(() => when([created, deleted], change({ label: 'X' })))).toBe('not_found');
  });
});

describe('deleting a contact field', () => {
  it('deletes a field no message uses', () => {
    expect(when([created], { type: 'DeleteContactField', data: { fieldId: 'f1', scenarioCount: 0 } })).toEqual([
      { type: 'ContactFieldDeleted', data: { fieldId: 'f1', customerGroupId: 'g1', label: 'Region' } },
    ]);
  });

  it('refuses a field that messages use, saying how many', () => {
    expect(() => when([created], { type: 'DeleteContactField', data: { fieldId: 'f1', scenarioCount: 2 } })).toThrow(usedByMessages('field', 2));
  });
});

describe('options of a contact field', () => {
  const add = (label: string | Refused): ContactFieldCommand => ({ type: 'AddContactFieldOption', data: { fieldId: 'f1', label } });

  it('adds an option with the next number, never reusing a deleted one', () => {
    const removed: ContactFieldEvent = {
      type: 'ContactFieldOptionDeleted',
      data: { fieldId: 'f1', customerGroupId: 'g1', fieldLabel: 'Region', optionId: 'f1.2', label: 'South' },
    };
    expect(when([created, removed], add(' East '))).toEqual([
      { type: 'ContactFieldOptionAdded', data: { fieldId: 'f1', customerGroupId: 'g1', fieldLabel: 'Region', option: { optionId: 'f1.3', label: 'East' } } },
    ]);
  });

  it('refuses a blank or duplicate label, and options on a field that is not a select field', () => {
    expect(fieldErrorsOf(() => when([created], add(' ')))).toEqual({ label: ['This field may not be blank.'] });
    expect(fieldErrorsOf(() => when([created], add('SOUTH')))).toEqual({ label: [OPTION_LABEL_TAKEN] });
    expect(fieldErrorsOf(() => when([mobile], { type: 'AddContactFieldOption', data: { fieldId: 'f2', label: 'A' } }))).toEqual({
      field: [OPTIONS_ON_SELECT_FIELDS_ONLY],
    });
  });

  it('renames an option (its own label in another case is fine), and refuses another option label', () => {
    const rename = (optionId: string, label: string): ContactFieldCommand => ({ type: 'ChangeContactFieldOption', data: { fieldId: 'f1', optionId, label } });
    expect(when([created], rename('f1.1', 'NORTH'))).toEqual([
      {
        type: 'ContactFieldOptionRenamed',
        data: { fieldId: 'f1', customerGroupId: 'g1', fieldLabel: 'Region', optionId: 'f1.1', label: 'NORTH', previousLabel: 'North' },
      },
    ]);
    expect(when([created], rename('f1.1', 'North'))).toEqual([]);
    expect(fieldErrorsOf(() => when([created], rename('f1.1', 'south')))).toEqual({ label: [OPTION_LABEL_TAKEN] });
    expect(errorKindOf(() => when([created], rename('f1.9', 'West')))).toBe('not_found');
  });

  it('deletes an option, which leaves every group exclusion', () => {
    const excluded: ContactFieldExcludedOptionsChanged = {
      type: 'ContactFieldExcludedOptionsChanged',
      data: { fieldId: 'f1', customerGroupId: 'g1', fieldLabel: 'Region', excludedOptionsByGroup: [{ customerGroupId: 'g2', optionIds: ['f1.2'] }] },
    };
    const remove: ContactFieldCommand = { type: 'DeleteContactFieldOption', data: { fieldId: 'f1', optionId: 'f1.2', scenarioCount: 0 } };
    const events = when([created, excluded], remove);
    expect(events).toEqual([
      { type: 'ContactFieldOptionDeleted', data: { fieldId: 'f1', customerGroupId: 'g1', fieldLabel: 'Region', optionId: 'f1.2', label: 'South' } },
    ]);
    // Nothing is left excluded, so the same empty mapping records nothing.
    expect(when([created, excluded, ...events], exclude([]))).toEqual([]);
  });

  it('refuses to delete an option that messages use, and an unknown one', () => {
    expect(() => when([created], { type: 'DeleteContactFieldOption', data: { fieldId: 'f1', optionId: 'f1.1', scenarioCount: 1 } })).toThrow(
      usedByMessages('option', 1),
    );
    expect(errorKindOf(() => when([created], { type: 'DeleteContactFieldOption', data: { fieldId: 'f1', optionId: 'f1.7', scenarioCount: 0 } }))).toBe(
      'not_found',
    );
  });

  it('finds the field of an option id, and nothing in ids of another shape', () => {
    expect(fieldIdOfOption('3f0c.12')).toBe('3f0c');
    expect(fieldIdOfOption('a.b.1')).toBe('a.b');
    expect(fieldIdOfOption('3f0c')).toBeNull();
    expect(fieldIdOfOption('.1')).toBeNull();
    expect(fieldIdOfOption('3f0c.0')).toBeNull();
    expect(fieldIdOfOption('__proto__')).toBeNull();
  });
});

describe('options excluded by customer group', () => {
  it('records the mapping, merging repeated groups and dropping groups with none', () => {
    const events = when([created], exclude([
      { customerGroupId: 'g2', optionIds: ['f1.1'] },
      { customerGroupId: 'g2', optionIds: ['f1.2', 'f1.1'] },
      { customerGroupId: 'g3', optionIds: [] },
    ]));
    expect(events).toEqual([
      {
        type: 'ContactFieldExcludedOptionsChanged',
        data: { fieldId: 'f1', customerGroupId: 'g1', fieldLabel: 'Region', excludedOptionsByGroup: [{ customerGroupId: 'g2', optionIds: ['f1.1', 'f1.2'] }] },
      },
    ]);
    expect(when([created, ...events], exclude([{ customerGroupId: 'g2', optionIds: ['f1.2', 'f1.1'] }]))).toEqual([]);
  });

  it('refuses unknown option ids and groups that are not below the field group, naming each', () => {
    expect(fieldErrorsOf(() => when([created], exclude([{ customerGroupId: 'g1', optionIds: ['f1.1', 'f9.1', 7] }])))).toEqual({
      excluded_options_by_group: [notBelowFieldGroup('g1'), unknownOption('f9.1'), unknownOption(7)],
    });
  });

  it('answers the messages the edge refused the mapping with', () => {
    expect(
      fieldErrorsOf(() => when([created], { type: 'ChangeExcludedOptionsByGroup', data: { fieldId: 'f1', excludedOptionsByGroup: new Refused(['Expected an object.']), descendantGroupIds: [] } })),
    ).toEqual({ excluded_options_by_group: ['Expected an object.'] });
  });

  it("excludes a group's options for its descendants too, and says when all are disabled", () => {
    const mapping = [
      { customerGroupId: 'g2', optionIds: ['f1.1'] },
      { customerGroupId: 'g3', optionIds: ['f1.2'] },
    ];
    expect([...excludedOptionIdsFor(mapping, ['g1'])]).toEqual([]);
    expect([...excludedOptionIdsFor(mapping, ['g1', 'g2'])]).toEqual(['f1.1']);
    const belowBoth = excludedOptionIdsFor(mapping, ['g1', 'g2', 'g3']);
    expect([...belowBoth].sort()).toEqual(['f1.1', 'f1.2']);
    expect(allOptionsDisabled(['f1.1', 'f1.2'], belowBoth)).toBe(true);
    expect(allOptionsDisabled(['f1.1', 'f1.2'], excludedOptionIdsFor(mapping, ['g1', 'g2']))).toBe(false);
    expect(allOptionsDisabled([], belowBoth)).toBe(false);
  });
});
