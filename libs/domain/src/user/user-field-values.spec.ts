import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { fieldErrorsOf } from '../testing/refusals';
import { registered } from '../testing/user-fixtures';
import type { ContactFieldType } from '../field/field-types';
import type { ChangeUser, CreateUser, LockedRoles } from './user.commands';
import { userDecider } from './user.decide';
import type { UserEvent } from './user.events';
import {
  checkFieldValues,
  FIELD_TEXT_MAX_LENGTH,
  notAnOptionMessage,
  oneValueOnlyMessage,
  unknownFieldMessage,
  type ApplicableField,
  type FieldCatalogue,
  type FieldValueInput,
} from './user-field-values';
import { OWN_PROFILE_ONLY_MESSAGE } from './user.messages';

const field = (fieldId: string, fieldType: ContactFieldType, offered: string[] = []): ApplicableField => ({
  fieldId,
  label: fieldId.toUpperCase(),
  fieldType,
  offeredOptionIds: new Set(offered),
});

const catalogue: FieldCatalogue = {
  dialCode: '+44',
  fields: new Map(
    [
      field('mobile', 'PHONE(SMS&VOICE)'),
      field('work', 'EMAIL'),
      field('note', 'TEXT'),
      field('age', 'NUMERIC'),
      field('post', 'POSTCODE'),
      field('pager', 'PAGER'),
      field('shift', 'SINGLESELECT', ['shift.1', 'shift.2']),
      field('skills', 'MULTISELECT', ['skills.1', 'skills.2', 'skills.3']),
    ].map((entry) => [entry.fieldId, entry]),
  ),
};

const check = (...inputs: FieldValueInput[]) => checkFieldValues(inputs, catalogue);
const problemsOf = (...inputs: FieldValueInput[]) => fieldErrorsOf(() => check(...inputs)).custom_fields;

describe('contact-field values of a user', () => {
  it('keeps phone numbers in E.164, reading a national number as one of the group\'s country', () => {
    expect(check({ fieldId: 'mobile', values: ['07911 123456'] })).toEqual([{ fieldId: 'mobile', values: ['+447911123456'] }]);
    expect(check({ fieldId: 'mobile', values: ['+1 (415) 555-0132'] })).toEqual([{ fieldId: 'mobile', values: ['+14155550132'] }]);
  });

  it('lower-cases emails, upper-cases postcodes and trims every value', () => {
    expect(check({ fieldId: 'work', values: [' Ann@Example.TEST '] }, { fieldId: 'post', values: [' sw1a   1aa '] })).toEqual([
      { fieldId: 'work', values: ['ann@example.test'] },
      { fieldId: 'post', values: ['SW1A 1AA'] },
    ]);
  });

  it('clears a field with an empty list or a blank value', () => {
    expect(check({ fieldId: 'note', values: [] }, { fieldId: 'pager', values: ['  '] })).toEqual([
      { fieldId: 'note', values: [] },
      { fieldId: 'pager', values: [] },
    ]);
  });

  it('keeps the options chosen once each, and only options the group offers', () => {
    expect(check({ fieldId: 'skills', values: ['skills.2', 'skills.1', 'skills.2'] })).toEqual([{ fieldId: 'skills', values: ['skills.2', 'skills.1'] }]);
    expect(problemsOf({ fieldId: 'skills', values: ['skills.9'] })).toEqual([notAnOptionMessage('SKILLS', 'skills.9')]);
  });

  it('takes one option for a single choice and one value for the other types', () => {
    expect(problemsOf({ fieldId: 'shift', values: ['shift.1', 'shift.2'] }, { fieldId: 'note', values: ['a', 'b'] })).toEqual([
      oneValueOnlyMessage('SHIFT'),
      oneValueOnlyMessage('NOTE'),
    ]);
  });

  it('names every problem at once: unknown fields, bad numbers, emails, phones, long text, repeats', () => {
    const problems = problemsOf(
      { fieldId: '__proto__', values: ['x'] },
      { fieldId: 'age', values: ['forty'] },
      { fieldId: 'work', values: ['not-an-email'] },
      { fieldId: 'mobile', values: ['123'] },
      { fieldId: 'note', values: ['x'.repeat(FIELD_TEXT_MAX_LENGTH + 1)] },
      { fieldId: 'age', values: ['40'] },
    );
    expect(problems).toHaveLength(6);
    expect(problems[0]).toBe(unknownFieldMessage('__proto__'));
    expect(problems.slice(1).map((problem) => problem.split(':')[0])).toEqual(['AGE', 'WORK', 'MOBILE', 'NOTE', 'AGE']);
  });

  it('takes numbers with a sign and decimals', () => {
    expect(check({ fieldId: 'age', values: ['-4.5'] })).toEqual([{ fieldId: 'age', values: ['-4.5'] }]);
  });
});

const UNLOCKED: LockedRoles = { admin: false, operator: false, data: false, sender: false };
const admin = { userId: 'boss', customerPermission: 'ADMIN' } as const;

const change = (values: FieldValueInput[], by: ChangeUser['data']['by'] = admin, sendVerificationEmail = false): ChangeUser => ({
  type: 'ChangeUser',
  data: { changes: { fieldValues: values }, by, group: { sendVerificationEmail, lockedRoles: UNLOCKED }, catalogue },
});

const valuesSet = (values: { fieldId: string; values: string[] }[]): UserEvent => ({ type: 'UserFieldValuesChanged', data: { userId: 'u1', values } });

describe('user decider: contact-field values', () => {
  it('records a new user\'s values with the user, leaving out empty ones', () => {
    const command: CreateUser = {
      type: 'CreateUser',
      data: {
        user: { ...registered.data, isActive: true, isMessageRecipient: true },
        by: admin,
        lockedRoles: UNLOCKED,
        fieldValues: { inputs: [{ fieldId: 'mobile', values: ['07911123456'] }, { fieldId: 'note', values: [] }], catalogue },
      },
    };
    expect(given(userDecider, []).when(command)).toEqual([
      { type: 'UserRegistered', data: { ...registered.data, isActive: true, isMessageRecipient: true } },
      valuesSet([{ fieldId: 'mobile', values: ['+447911123456'] }]),
    ]);
  });

  it('refuses a new user whose values are wrong, with the other field errors', () => {
    const command: CreateUser = {
      type: 'CreateUser',
      data: {
        user: { ...registered.data, email: 'nope', isActive: true, isMessageRecipient: true },
        by: admin,
        lockedRoles: UNLOCKED,
        fieldValues: { inputs: [{ fieldId: 'shift', values: ['shift.7'] }], catalogue },
      },
    };
    expect(Object.keys(fieldErrorsOf(() => given(userDecider, []).when(command))).sort()).toEqual(['custom_fields', 'email']);
  });

  it('records only the values that change', () => {
    const history = [registered, valuesSet([{ fieldId: 'mobile', values: ['+447911123456'] }])];
    expect(given(userDecider, history).when(change([{ fieldId: 'mobile', values: ['07911 123456'] }, { fieldId: 'note', values: ['on leave'] }]))).toEqual([
      valuesSet([{ fieldId: 'note', values: ['on leave'] }]),
    ]);
    expect(given(userDecider, history).when(change([{ fieldId: 'mobile', values: ['+447911123456'] }]))).toEqual([]);
  });

  it('clears a value the user holds', () => {
    const history = [registered, valuesSet([{ fieldId: 'mobile', values: ['+447911123456'] }])];
    expect(given(userDecider, history).when(change([{ fieldId: 'mobile', values: [] }]))).toEqual([valuesSet([{ fieldId: 'mobile', values: [] }])]);
  });

  it('lets users edit their own devices and data under the profile-edit rule, and nothing else of theirs', () => {
    const self = { userId: 'u1', customerPermission: 'OPERATOR' } as const;
    expect(given(userDecider, [registered]).when(change([{ fieldId: 'note', values: ['hi'] }], self, true))).toEqual([
      valuesSet([{ fieldId: 'note', values: ['hi'] }]),
    ]);
    expect(() => given(userDecider, [registered]).when(change([{ fieldId: 'note', values: ['hi'] }], self, false))).toThrow(
      'You do not have permission to perform this action.',
    );
    const withEmail: ChangeUser = { ...change([], self, true), data: { ...change([], self, true).data, changes: { email: 'new@example.test' } } };
    expect(() => given(userDecider, [registered]).when(withEmail)).toThrow(OWN_PROFILE_ONLY_MESSAGE);
  });

  it('clears, on a move, the values of fields the destination lacks and the options it does not offer; values sent with the move stay', () => {
    const history = [
      registered,
      valuesSet([
        { fieldId: 'mobile', values: ['+447911123456'] },
        { fieldId: 'locker', values: ['B12'] },
        { fieldId: 'skills', values: ['skills.1', 'skills.3'] },
        { fieldId: 'shift', values: ['shift.2'] },
      ]),
    ];
    const destination: FieldCatalogue = {
      dialCode: '+44',
      fields: new Map(
        [field('mobile', 'PHONE(SMS&VOICE)'), field('skills', 'MULTISELECT', ['skills.1', 'skills.2']), field('shift', 'SINGLESELECT', ['shift.1'])].map(
          (entry) => [entry.fieldId, entry],
        ),
      ),
    };
    const move: ChangeUser = {
      type: 'ChangeUser',
      data: {
        changes: { customerGroupId: 'g2', fieldValues: [{ fieldId: 'shift', values: ['shift.1'] }] },
        by: admin,
        group: { sendVerificationEmail: false, lockedRoles: UNLOCKED },
        destination: { customerGroupId: 'g2', lockedRoles: UNLOCKED },
        catalogue: destination,
      },
    };
    expect(given(userDecider, history).when(move)).toEqual([
      { type: 'UserMovedToCustomerGroup', data: { userId: 'u1', customerGroupId: 'g2', previousCustomerGroupId: 'g1' } },
      valuesSet([
        { fieldId: 'shift', values: ['shift.1'] },
        { fieldId: 'locker', values: [] },
        { fieldId: 'skills', values: ['skills.1'] },
      ]),
    ]);
  });
});
