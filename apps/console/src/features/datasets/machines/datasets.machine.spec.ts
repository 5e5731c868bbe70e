import type { CustomerGroupDto } from '@beacon/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { datasetsApi } from '../datasets-api';
import { datasetsLogic } from '../datasets.implementations';
import { aGroup, DEMO_GROUPS, FakeCustomerGroupsServer } from '../testing/fake-customer-groups-server';
import { draftErrors } from '../group-name';
import { datasetsMachine, type DatasetsSnapshot } from './datasets.machine';

/** The machine over the fake server's calls, with the snackbar's texts recorded. */
async function started(server = new FakeCustomerGroupsServer(), closeAnimationMs = 0) {
  const notices: [string, 'default' | 'error'][] = [];
  const logic = datasetsLogic({ api: datasetsApi(server.api), notify: (text, type) => notices.push([text, type]) });
  // Dialogs close at once here; one test below keeps the spec's 300 ms with fake timers.
  const actor = createActor(logic, { input: { closeAnimationMs } }).start();
  await settled(actor);
  return { actor, server, notices };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

/** Waits until no call is under way: the list loaded (or failed) and no change is being sent. */
function settled(actor: Actor) {
  const busy = (snapshot: DatasetsSnapshot) =>
    snapshot.matches({ list: 'loading' }) ||
    snapshot.matches({ list: 'reloading' }) ||
    snapshot.matches({ edit: { creating: 'saving' } }) ||
    snapshot.matches({ edit: { creating: 'closing' } }) ||
    snapshot.matches({ edit: { renaming: 'saving' } }) ||
    snapshot.matches({ edit: { renaming: 'closing' } }) ||
    snapshot.matches({ edit: 'deleting' }) ||
    snapshot.matches({ edit: 'moving' });
  return waitFor(actor, (snapshot) => !busy(snapshot));
}

const names = (actor: Actor) => actor.getSnapshot().context.groups?.map((group) => group.name);
const parentOf = (actor: Actor, id: string) => actor.getSnapshot().context.groups?.find((group) => group.id === id)?.parent;

describe('datasets machine', () => {
  it('loads the groups, then waits for a change', async () => {
    const { actor } = await started();

    expect(names(actor)).toEqual(['Demo Organisation', 'North Region', 'South Region', 'Oslo']);
    expect(actor.getSnapshot().matches({ list: 'loaded', edit: 'idle' })).toBe(true);
  });

  it('shows the spec’s text when the load fails with a server error, and loads again on reload', async () => {
    const { actor } = await started(new FakeCustomerGroupsServer().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT)));

    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBe('An error occurred. Please contact your administrator.');

    actor.send({ type: 'datasets.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.loadError).toBeNull();
    expect(names(actor)).toHaveLength(4);
  });

  it('shows the answer of the last reload asked for, even when an earlier one answers later', async () => {
    const answers: ((groups: CustomerGroupDto[]) => void)[] = [];
    const loadGroups = fromPromise<CustomerGroupDto[], void>(() => new Promise((resolve) => answers.push(resolve)));
    const actor = createActor(datasetsMachine.provide({ actors: { loadGroups } }), { input: {} }).start();
    answers[0]!([aGroup('root', 'First', null)]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));

    actor.send({ type: 'datasets.reload' });
    actor.send({ type: 'datasets.reload' });
    answers[2]!([aGroup('root', 'Latest', null)]);
    answers[1]!([aGroup('root', 'Older', null)]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    await Promise.resolve();

    expect(answers).toHaveLength(3);
    expect(names(actor)).toEqual(['Latest']);
  });

  describe('creating a child group', () => {
    it('sends the trimmed name under the chosen parent, says so and reloads the list', async () => {
      const { actor, server, notices } = await started();

      actor.send({ type: 'datasets.create', parentId: 'north' });
      actor.send({ type: 'datasets.name.change', name: '  Bergen  ' });
      actor.send({ type: 'datasets.name.save' });
      await settled(actor);

      expect(server.writes()).toEqual([{ method: 'POST', path: '/api/customer_group/', body: { name: 'Bergen', parent: 'north' } }]);
      expect(notices).toEqual([['Customer group “Bergen” created.', 'default']]);
      expect(names(actor)).toContain('Bergen');
      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
    });

    it.each<[string, string, string]>([
      ['blank', '   ', 'This field may not be blank.'],
      ['longer than 100 characters', 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ])('does not send a name that is %s, and says why as the user types', async (_case, name, message) => {
      const { actor, server } = await started();

      actor.send({ type: 'datasets.create', parentId: 'root' });
      // Nothing is said before the user types.
      expect(draftErrors(actor.getSnapshot().context.draft)).toEqual([]);
      actor.send({ type: 'datasets.name.change', name });
      expect(draftErrors(actor.getSnapshot().context.draft)).toEqual([message]);
      actor.send({ type: 'datasets.name.save' });

      expect(actor.getSnapshot().matches({ edit: { creating: 'editing' } })).toBe(true);
      expect(server.writes()).toEqual([]);
    });

    it('says the name is missing when the user saves without typing', async () => {
      const { actor } = await started();

      actor.send({ type: 'datasets.create', parentId: 'root' });
      actor.send({ type: 'datasets.name.save' });

      expect(draftErrors(actor.getSnapshot().context.draft)).toEqual(['This field may not be blank.']);
    });

    it('keeps the dialog with the server’s message about the name, until the user types again', async () => {
      const refusal = new ApiError(400, { detail: 'Invalid customer group details.', name: ['A group with this name already exists.'] });
      const { actor, notices } = await started(new FakeCustomerGroupsServer().failNext('POST', refusal));

      actor.send({ type: 'datasets.create', parentId: 'root' });
      actor.send({ type: 'datasets.name.change', name: 'North Region' });
      actor.send({ type: 'datasets.name.save' });
      await settled(actor);

      expect(actor.getSnapshot().matches({ edit: { creating: 'editing' } })).toBe(true);
      expect(draftErrors(actor.getSnapshot().context.draft)).toEqual(['A group with this name already exists.']);
      expect(notices).toEqual([['Invalid customer group details.', 'error']]);

      actor.send({ type: 'datasets.name.change', name: 'North Region 2' });
      expect(draftErrors(actor.getSnapshot().context.draft)).toEqual([]);
    });

    it('closes without a call on cancel', async () => {
      const { actor, server } = await started();

      actor.send({ type: 'datasets.create', parentId: 'root' });
      actor.send({ type: 'datasets.name.change', name: 'West' });
      actor.send({ type: 'datasets.name.cancel' });
      await settled(actor);

      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.draft.name).toBe('');
      expect(server.writes()).toEqual([]);
    });
  });

  it('keeps the dialog on screen for the spec’s 300 ms close, showing the name it held', async () => {
    const { actor } = await started(new FakeCustomerGroupsServer(), 300);
    jest.useFakeTimers();
    try {
      actor.send({ type: 'datasets.create', parentId: 'root' });
      actor.send({ type: 'datasets.name.change', name: 'West' });
      actor.send({ type: 'datasets.name.cancel' });

      jest.advanceTimersByTime(299);
      expect(actor.getSnapshot().matches({ edit: { creating: 'closing' } })).toBe(true);
      expect(actor.getSnapshot().context.draft.name).toBe('West');
      jest.advanceTimersByTime(1);
      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.draft.name).toBe('');
    } finally {
      jest.useRealTimers();
    }
  });

  it('renames a group: the dialog starts with its name, and the list reloads', async () => {
    const { actor, server, notices } = await started();

    actor.send({ type: 'datasets.rename', groupId: 'south' });
    expect(actor.getSnapshot().context.draft.name).toBe('South Region');
    actor.send({ type: 'datasets.name.change', name: 'Southern Region' });
    actor.send({ type: 'datasets.name.save' });
    await settled(actor);

    expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/customer_group/south/', body: { id: 'south', name: 'Southern Region' } }]);
    expect(notices).toEqual([['Customer group renamed to “Southern Region”.', 'default']]);
    expect(names(actor)).toContain('Southern Region');
  });

  describe('deleting', () => {
    it('deletes the group, says so and reloads the list', async () => {
      const { actor, notices } = await started();

      actor.send({ type: 'datasets.delete', groupId: 'south' });
      await settled(actor);

      expect(notices).toEqual([['Customer group “South Region” deleted.', 'default']]);
      expect(names(actor)).not.toContain('South Region');
    });

    it.each<[string, FakeCustomerGroupsServer, string]>([
      ['child groups', new FakeCustomerGroupsServer(), 'This customer group still has 1 child group. Move or delete them before deleting the group.'],
      ['users', new FakeCustomerGroupsServer().withUsers('north', 2), 'This customer group still has 1 child group and 2 users. Move or delete them before deleting the group.'],
    ])('shows the server’s refusal when the group still has %s', async (_case, server, message) => {
      const { actor, notices } = await started(server);

      actor.send({ type: 'datasets.delete', groupId: 'north' });
      await settled(actor);

      expect(notices).toEqual([[message, 'error']]);
      expect(names(actor)).toContain('North Region');
      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
    });
  });

  describe('moving under another parent', () => {
    it('holds the chosen parent as pending, and sends it only on confirm', async () => {
      const { actor, server, notices } = await started();

      actor.send({ type: 'datasets.move.choose', groupId: 'oslo', parentId: 'south' });
      expect(actor.getSnapshot().matches({ edit: 'pendingParent' })).toBe(true);
      expect(actor.getSnapshot().context.pendingMove).toEqual({ groupId: 'oslo', parentId: 'south' });
      expect(server.writes()).toEqual([]);

      actor.send({ type: 'datasets.move.confirm' });
      await settled(actor);

      expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/customer_group/oslo/', body: { id: 'oslo', parent: 'south' } }]);
      expect(notices).toEqual([['Customer group “Oslo” moved under “South Region”.', 'default']]);
      expect(parentOf(actor, 'oslo')).toBe('south');
      expect(actor.getSnapshot().context.pendingMove).toBeNull();
    });

    it('clears the pending parent on cancel', async () => {
      const { actor, server } = await started();

      actor.send({ type: 'datasets.move.choose', groupId: 'oslo', parentId: 'south' });
      actor.send({ type: 'datasets.move.cancel' });

      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.pendingMove).toBeNull();
      expect(server.writes()).toEqual([]);
    });

    it.each<[string, string, string]>([
      ['itself', 'north', 'north'],
      ['its descendant', 'north', 'oslo'],
      ['its present parent', 'oslo', 'north'],
      ['anything, for the root group', 'root', 'south'],
    ])('does not take a parent that is %s', async (_case, groupId, parentId) => {
      const { actor } = await started();

      actor.send({ type: 'datasets.move.choose', groupId, parentId });

      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.pendingMove).toBeNull();
    });

    it('drops the pending parent when a reload shows the move is no longer possible', async () => {
      const server = new FakeCustomerGroupsServer();
      const { actor } = await started(server);
      actor.send({ type: 'datasets.move.choose', groupId: 'south', parentId: 'oslo' });

      expect(actor.getSnapshot().context.pendingMove).toEqual({ groupId: 'south', parentId: 'oslo' });
      await server.api.send('DELETE', '/api/customer_group/oslo/');
      actor.send({ type: 'datasets.reload' });
      await settled(actor);

      expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.pendingMove).toBeNull();
    });

    it('shows the server’s refusal and clears the pending parent', async () => {
      const refusal = new ApiError(400, {
        detail: 'A customer group cannot be moved under itself or one of its descendants.',
        parent: ['A customer group cannot be moved under itself or one of its descendants.'],
      });
      const { actor, notices } = await started(new FakeCustomerGroupsServer(DEMO_GROUPS).failNext('PUT', refusal));

      actor.send({ type: 'datasets.move.choose', groupId: 'oslo', parentId: 'south' });
      actor.send({ type: 'datasets.move.confirm' });
      await settled(actor);

      expect(notices).toEqual([['A customer group cannot be moved under itself or one of its descendants.', 'error']]);
      expect(actor.getSnapshot().context.pendingMove).toBeNull();
      expect(parentOf(actor, 'oslo')).toBe('north');
    });
  });

  it('keeps a change under way when the list reloads (another admin’s change)', async () => {
    const server = new FakeCustomerGroupsServer();
    const { actor } = await started(server);
    actor.send({ type: 'datasets.rename', groupId: 'south' });
    actor.send({ type: 'datasets.name.change', name: 'Southern' });

    server.rename('north', 'Northern Region');
    actor.send({ type: 'datasets.reload' });
    await settled(actor);

    expect(names(actor)).toContain('Northern Region');
    expect(actor.getSnapshot().matches({ edit: { renaming: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.draft.name).toBe('Southern');
  });

  it('takes one change at a time', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'datasets.create', parentId: 'root' });
    actor.send({ type: 'datasets.delete', groupId: 'south' });
    actor.send({ type: 'datasets.move.choose', groupId: 'oslo', parentId: 'south' });

    expect(actor.getSnapshot().matches({ edit: { creating: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.pendingMove).toBeNull();
    expect(server.writes()).toEqual([]);
  });
});
