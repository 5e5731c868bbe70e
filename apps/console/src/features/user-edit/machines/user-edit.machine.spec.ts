import { describe, expect, it } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { aFakeUsersServerWithDemoUsers } from '../../../testing/demo-users';
import type { FakeUsersServer } from '../../../testing/fake-users-server';
import { userEditApi } from '../user-edit-api';
import { userEditLogic } from '../user-edit.implementations';
import type { UserEditSnapshot } from './user-edit.machine';

async function started(server: FakeUsersServer = aFakeUsersServerWithDemoUsers(), canManageEmail = true, userId = 'user-ben') {
  const notices: [string, 'default' | 'error'][] = [];
  const logic = userEditLogic({ api: userEditApi(server.api), userId, notify: (text, type) => notices.push([text, type]) });
  const actor = createActor(logic, { input: { canManageEmail } }).start();
  await settled(actor);
  return { actor, server, notices };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: UserEditSnapshot) =>
  snapshot.matches({ data: 'loading' }) || snapshot.matches({ data: 'reloading' }) || snapshot.matches({ account: 'running' }) || snapshot.matches({ suppression: 'loading' });
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));

describe('user edit machine', () => {
  it('loads the user with their contact fields, the groups in reach and whether their address is suppressed', async () => {
    const { actor } = await started(aFakeUsersServerWithDemoUsers().suppress('ben.brown@demo.test'));

    const { user, groups, suppression } = actor.getSnapshot().context;
    expect(user?.custom_fields?.map((entry) => entry.field_value_label)).toEqual(['Mobile', 'Work email', 'Department', 'Skills']);
    expect(groups).toHaveLength(3);
    expect(suppression?.suppressed).toBe(true);
  });

  it('reads neither suppression for those who may not manage email', async () => {
    const { actor, server } = await started(aFakeUsersServerWithDemoUsers(), false);

    expect(actor.getSnapshot().matches({ suppression: 'unavailable' })).toBe(true);
    expect(server.reads(/mailgun_suppression/)).toEqual([]);
  });

  it('reads the user again on a live update, and goes when they no longer exist', async () => {
    const { actor, server } = await started();

    server.change('user-ben', { first_name: 'Benedict' });
    actor.send({ type: 'user.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.user?.first_name).toBe('Benedict');

    server.remove('user-ben');
    actor.send({ type: 'user.reload' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ data: 'gone' })).toBe(true);
  });

  it('keeps the user shown when a reload fails for another reason', async () => {
    const { actor, server } = await started();

    server.failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/user\//);
    actor.send({ type: 'user.reload' });
    await settled(actor);

    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.user?.id).toBe('user-ben');
  });

  it('says why the first load failed and loads again on retry', async () => {
    const server = aFakeUsersServerWithDemoUsers().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/customer_group\//);
    const { actor } = await started(server);

    expect(actor.getSnapshot().context.loadError).toBe(SERVER_ERROR_TEXT);
    actor.send({ type: 'user.retry' });
    await settled(actor);
    expect(actor.getSnapshot().context.user?.id).toBe('user-ben');
  });

  it('runs an account action, says so and reads the user again; a refusal says why', async () => {
    const server = aFakeUsersServerWithDemoUsers();
    server.change('user-ben', { failed_attempts: 5, is_locked: true });
    const { actor, notices } = await started(server);

    actor.send({ type: 'user.action', action: 'clearFailedSignIns' });
    await settled(actor);
    expect(actor.getSnapshot().context.user?.failed_attempts).toBe(0);
    expect(notices).toEqual([['Failed sign-ins cleared: the user may sign in again.', 'default']]);

    server.failNext('GET', new ApiError(400, { detail: 'This user has already set a password, so no welcome email was sent.' }), /reissue_welcome_email/);
    actor.send({ type: 'user.action', action: 'reissueWelcomeEmail' });
    await settled(actor);
    expect(notices.at(-1)).toEqual(['This user has already set a password, so no welcome email was sent.', 'error']);
    expect(actor.getSnapshot().context.action).toBeNull();
  });
});
