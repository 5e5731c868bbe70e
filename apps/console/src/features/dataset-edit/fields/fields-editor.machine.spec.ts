import { describe, expect, it, jest } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../api/api-error';
import type { FieldChange } from './field-changes';
import { createFieldsEditorMachine, type FieldsEditorServices } from './fields-editor.machine';

const create: FieldChange = { kind: 'create', label: 'Shift', fieldType: 'SINGLESELECT', options: ['Day'] };

function start(overrides: Partial<FieldsEditorServices> = {}) {
  const services: FieldsEditorServices = {
    load: jest.fn(async () => []),
    send: jest.fn(async () => ({})),
    notify: jest.fn(),
    savedText: () => 'Saved.',
    ...overrides,
  };
  const actor = createActor(createFieldsEditorMachine(services)).start();
  return { actor, services };
}

describe('fields editor machine', () => {
  it('loads, sends one change, tells the user, and loads the fields again', async () => {
    const { actor, services } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'fields.change', change: create });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    // A second change waits: only one runs at a time.
    actor.send({ type: 'fields.change', change: { ...create, label: 'Other' } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(services.send).toHaveBeenCalledTimes(1);
    expect(services.send).toHaveBeenCalledWith(create);
    expect(services.load).toHaveBeenCalledTimes(2);
    expect(services.notify).toHaveBeenCalledWith('Saved.', 'default');
  });

  it('keeps the fields on a refusal, without loading again, and holds the messages per request field', async () => {
    const refusal = new ApiError(400, { detail: 'Invalid contact field.', label: ['This field may not be blank.'] });
    const { actor, services } = start({ send: jest.fn(async () => Promise.reject(refusal)) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'fields.change', change: create });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && Object.keys(snapshot.context.serverErrors).length > 0);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ label: ['This field may not be blank.'] });
    expect(services.load).toHaveBeenCalledTimes(1);
    expect(services.notify).toHaveBeenCalledWith(expect.any(String), 'error');
  });

  it('says why a load failed and tries again on request', async () => {
    const load = jest.fn<() => Promise<never[]>>().mockRejectedValueOnce(new ApiError(500, {})).mockResolvedValue([]);
    const { actor } = start({ load });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.loadError).toBe('An error occurred. Please contact your administrator.');
    actor.send({ type: 'fields.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  });
});
