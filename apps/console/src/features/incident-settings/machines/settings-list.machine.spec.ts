import { keyForMove } from '@beacon/domain';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../api/api-error';
import { incidentCallError } from '../../../api/incident-errors';
import { createSettingsListMachine, type SettingsListCalls, type SettingsListSaved } from './settings-list.machine';

interface Item {
  id: string;
  name: string;
  order: string;
}

const item = (id: string, order: string): Item => ({ id, name: `Item ${id}`, order });

function calls(items: Item[], overrides: Partial<SettingsListCalls<Item, string, string, string>> = {}): SettingsListCalls<Item, string, string, string> {
  return {
    load: jest.fn(async () => ({ items, extra: 'extra' })),
    create: jest.fn(async (name: string, order: string) => ({ id: 'new', name, order })),
    update: jest.fn(async (current: Item, name: string) => ({ ...current, name })),
    remove: jest.fn(async () => undefined),
    move: jest.fn(async (current: Item, order: string) => ({ ...current, order })),
    describeError: (_kind, error) => incidentCallError(error),
    ...overrides,
  };
}

async function started(list: SettingsListCalls<Item, string, string, string>) {
  const actor = createActor(createSettingsListMachine(list)).start();
  const saved: SettingsListSaved<Item>[] = [];
  actor.on('list.saved', (event) => saved.push(event));
  await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
  return { actor, saved };
}

const ids = (actor: Awaited<ReturnType<typeof started>>['actor']) => actor.getSnapshot().context.items.map((entry) => entry.id);
const idle = (actor: Awaited<ReturnType<typeof started>>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));

describe('settings list machine', () => {
  it('shows the items in the order of their keys, with what was loaded with them', async () => {
    const { actor } = await started(calls([item('c', 'zzzzz'), item('a', 'b'), item('b', 'm')]));

    expect(ids(actor)).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.extra).toBe('extra');
  });

  it('creates a new item after the last one (keyAtEnd) and says so', async () => {
    const list = calls([item('a', 'b'), item('b', 'zy')]);
    const { actor, saved } = await started(list);

    actor.send({ type: 'list.create', values: 'Severity' });
    await idle(actor);

    expect(list.create).toHaveBeenCalledWith('Severity', 'zz');
    expect(ids(actor)).toEqual(['a', 'b', 'new']);
    expect(saved).toEqual([{ type: 'list.saved', kind: 'create', item: { id: 'new', name: 'Severity', order: 'zz' } }]);
  });

  it('gives the first item of an empty list the key zzzzz', async () => {
    const list = calls([]);
    const { actor } = await started(list);

    actor.send({ type: 'list.create', values: 'First' });
    await idle(actor);

    expect(list.create).toHaveBeenCalledWith('First', 'zzzzz');
  });

  it('moves an item at once, with the key keyForMove gives it, and asks the server to keep it there', async () => {
    let finish: (moved: Item) => void = () => undefined;
    const move = jest.fn((current: Item, order: string) => new Promise<Item>((resolve) => (finish = () => resolve({ ...current, order }))));
    const { actor, saved } = await started(calls([item('a', 'b'), item('b', 'm'), item('c', 't')], { move }));

    actor.send({ type: 'list.move', from: 0, to: 2 });

    const expectedKey = keyForMove(['b', 'm', 't'], 0, 2);
    expect(expectedKey).toBe('u');
    expect(ids(actor)).toEqual(['b', 'c', 'a']);
    expect(move).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), expectedKey);
    finish(item('a', expectedKey));
    await idle(actor);
    expect(ids(actor)).toEqual(['b', 'c', 'a']);
    expect(saved.map((event) => event.kind)).toEqual(['move']);
  });

  it('puts a refused move back and keeps why', async () => {
    const refusal = new ApiError(400, { detail: 'An ordering key is a non-empty string of lowercase letters a-z.' });
    const { actor } = await started(calls([item('a', 'b'), item('b', 'm')], { move: jest.fn(() => Promise.reject(refusal)) }));

    actor.send({ type: 'list.move', from: 1, to: 0 });
    await idle(actor);

    expect(ids(actor)).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.items[1]!.order).toBe('m');
    expect(actor.getSnapshot().context.failure).toMatchObject({
      kind: 'move',
      id: 'b',
      error: { status: 400, messages: ['An ordering key is a non-empty string of lowercase letters a-z.'] },
    });
  });

  it('refuses a move the keys leave no room for, without calling the server', async () => {
    // Keys held twice are not strictly increasing, so keyForMove cannot place an item among them.
    const list = calls([item('a', 'm'), item('b', 'm'), item('c', 't')]);
    const { actor } = await started(list);

    actor.send({ type: 'list.move', from: 2, to: 0 });

    expect(list.move).not.toHaveBeenCalled();
    expect(ids(actor)).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'move', id: 'c', error: { messages: ['This item cannot be moved there. Reload the page and try again.'] } });
  });

  it('takes one write at a time', async () => {
    let finish: () => void = () => undefined;
    const update = jest.fn((current: Item, name: string) => new Promise<Item>((resolve) => (finish = () => resolve({ ...current, name }))));
    const list = calls([item('a', 'b'), item('b', 'm')], { update });
    const { actor } = await started(list);

    actor.send({ type: 'list.update', id: 'a', values: 'Renamed' });
    actor.send({ type: 'list.move', from: 0, to: 1 });
    actor.send({ type: 'list.delete', id: 'b' });
    expect(actor.getSnapshot().context.pending).toEqual({ kind: 'update', id: 'a' });
    finish();
    await idle(actor);

    expect(list.move).not.toHaveBeenCalled();
    expect(list.remove).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.items[0]!.name).toBe('Renamed');
  });

  it('keeps a failed change with the item it was for, and deletes an item', async () => {
    const list = calls([item('a', 'b'), item('b', 'm')], {
      update: jest.fn(() => Promise.reject(new ApiError(400, { detail: 'Invalid.', name: ['This field may not be blank.'] }))),
    });
    const { actor, saved } = await started(list);

    actor.send({ type: 'list.update', id: 'b', values: '' });
    await idle(actor);
    expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'update', id: 'b', error: { fields: { name: ['This field may not be blank.'] } } });

    actor.send({ type: 'list.delete', id: 'a' });
    await idle(actor);
    expect(list.remove).toHaveBeenCalledWith(item('a', 'b'));
    expect(ids(actor)).toEqual(['b']);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(saved.map((event) => event.kind)).toEqual(['delete']);
  });

  it('fails a load with the words the screen gives, and loads again on reload', async () => {
    const load = jest.fn<() => Promise<{ items: Item[]; extra: string }>>().mockRejectedValueOnce(new ApiError(500, 'An error occurred. Please contact your administrator.'));
    load.mockResolvedValueOnce({ items: [item('a', 'b')], extra: 'extra' });
    const { actor } = await started(calls([], { load }));

    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.error.messages).toEqual(['An error occurred. Please contact your administrator.']);

    actor.send({ type: 'list.reload' });
    await idle(actor);
    expect(ids(actor)).toEqual(['a']);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
