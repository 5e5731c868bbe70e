import type { FieldAppearancesDto, FormRuleDto, IncidentFieldDto } from '@beacon/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { createDeleteFieldMachine, type DeleteFieldCalls } from './delete-field.machine';

const field: IncidentFieldDto = { id: 'severity', label: 'Severity', field_type: 'SINGLESELECT', is_pii: false, order: 'm', options: [] };

const rule = (id: string): FormRuleDto => ({
  id,
  form: 'form-1',
  order: 'm',
  name: `Rule ${id}`,
  for_field: 'severity',
  type: 'min_length',
  value: '1',
  message: 'Too short.',
});

const unused: FieldAppearancesDto = { field: 'severity', field_groups: [], conditions: [], rules: [] };
const used: FieldAppearancesDto = {
  field: 'severity',
  field_groups: [{ id: 'group-1', title: 'Impact', form: 'form-1', form_name: 'Outage' }],
  conditions: [
    { field_group_id: 'group-2', title: 'Escalation', form: 'form-1', form_name: 'Outage' },
    { field_group_id: 'group-2', title: 'Escalation', form: 'form-1', form_name: 'Outage' },
    { field_group_id: 'group-3', title: 'Major', form: 'form-2', form_name: 'Security' },
  ],
  rules: [rule('rule-1'), rule('rule-2')],
};

/** The calls, recording the order they were made in. */
function recordingCalls(appearances: FieldAppearancesDto, overrides: Partial<DeleteFieldCalls> = {}) {
  const made: string[] = [];
  const calls: DeleteFieldCalls = {
    fieldAppearances: jest.fn(async (id: string) => {
      made.push(`GET appearances ${id}`);
      return appearances;
    }),
    deleteFieldRules: jest.fn(async (id: string, rules: readonly string[]) => {
      made.push(`DELETE rules of ${id}: ${rules.join(',')}`);
    }),
    deleteFieldConditions: jest.fn(async (id: string, groups: readonly string[]) => {
      made.push(`DELETE conditions on ${id}: ${groups.join(',')}`);
    }),
    deleteField: jest.fn(async (id: string) => {
      made.push(`DELETE field ${id}`);
    }),
    ...overrides,
  };
  return { calls, made };
}

const start = (calls: DeleteFieldCalls) => createActor(createDeleteFieldMachine(calls), { input: { field } }).start();

describe('delete field flow', () => {
  it('looks up where the field is used and waits for the user to confirm', async () => {
    const { calls, made } = recordingCalls(used);
    const actor = start(calls);

    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));

    expect(actor.getSnapshot().context.appearances).toEqual(used);
    expect(made).toEqual(['GET appearances severity']);
  });

  it('deletes the rules, then the display conditions (once per group), then the field', async () => {
    const { calls, made } = recordingCalls(used);
    const actor = start(calls);
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));

    actor.send({ type: 'deleteField.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    expect(made).toEqual([
      'GET appearances severity',
      'DELETE rules of severity: rule-1,rule-2',
      'DELETE conditions on severity: group-2,group-3',
      'DELETE field severity',
    ]);
    expect(actor.getSnapshot().output).toEqual({ deleted: true });
  });

  it('deletes only the field when no rule or condition uses it', async () => {
    const { calls, made } = recordingCalls(unused);
    const actor = start(calls);
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));

    actor.send({ type: 'deleteField.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    expect(made).toEqual(['GET appearances severity', 'DELETE field severity']);
  });

  it('skips the rules step when only display conditions use the field', async () => {
    const { calls, made } = recordingCalls({ ...used, rules: [] });
    const actor = start(calls);
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));

    actor.send({ type: 'deleteField.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    expect(made).toEqual(['GET appearances severity', 'DELETE conditions on severity: group-2,group-3', 'DELETE field severity']);
  });

  it('deletes nothing when the user cancels', async () => {
    const { calls, made } = recordingCalls(used);
    const actor = start(calls);
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));

    actor.send({ type: 'deleteField.cancel' });

    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ deleted: false });
    expect(made).toEqual(['GET appearances severity']);
  });

  it('stops at a failed step with the field error text, and starts over from the lookup on Try again', async () => {
    const deleteFieldRules = jest.fn<(...args: unknown[]) => Promise<void>>().mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT)).mockResolvedValue(undefined);
    const { calls, made } = recordingCalls(used, { deleteFieldRules });
    const actor = start(calls);
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));

    actor.send({ type: 'deleteField.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));

    expect(actor.getSnapshot().context.error?.messages).toEqual(['An error occured. Please contact your administrator.']);
    expect(made).toEqual(['GET appearances severity']);

    actor.send({ type: 'deleteField.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(made).toEqual(['GET appearances severity', 'GET appearances severity']);
  });
});
