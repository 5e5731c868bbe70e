import type { UserDto } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../api/api-error';
import { aFakeUsersServerWithDemoUsers } from '../../../testing/demo-users';
import type { FakeUsersServer } from '../../../testing/fake-users-server';
import type { FieldDrafts } from '../../../shared-ui/user-fields/field-values';
import type { UserAttributes } from '../../../shared-ui/user-fields/user-attributes';
import { fieldsFormDefinition } from '../fields-form';
import { settingsFormDefinition } from '../settings-form';
import { userEditApi } from '../user-edit-api';
import { createUserFormMachine, NO_CHANGES_TEXT, SAVED_TEXT, visibleErrors } from './user-form.machine';

function calls(server: FakeUsersServer) {
  const notices: [string, 'default' | 'error'][] = [];
  const saved: UserDto[] = [];
  return {
    notices,
    saved,
    calls: {
      api: userEditApi(server.api),
      dialCodeOf: () => '+44',
      notify: (text: string, type: 'default' | 'error') => notices.push([text, type]),
      onSaved: (user: UserDto) => saved.push(user),
    },
  };
}

async function devicesForm(server: FakeUsersServer = aFakeUsersServerWithDemoUsers()) {
  const recorded = calls(server);
  const user = server.stored('user-ben')!;
  const actor = createActor(createUserFormMachine<FieldDrafts>(fieldsFormDefinition('devices', recorded.calls)), { input: { user } }).start();
  return { actor, server, user, ...recorded };
}

async function settingsForm(access: 'all' | 'profile', server: FakeUsersServer = aFakeUsersServerWithDemoUsers()) {
  const recorded = calls(server);
  const user = server.stored('user-ben')!;
  const actor = createActor(createUserFormMachine<UserAttributes>(settingsFormDefinition(access, recorded.calls)), { input: { user } }).start();
  return { actor, server, user, ...recorded };
}

const idle = <T extends { getSnapshot(): { matches(state: string): boolean } }>(actor: T) =>
  waitFor(actor as never, (snapshot: { matches(state: string): boolean }) => !snapshot.matches('saving'));

describe('a user form', () => {
  it('holds the device fields’ values of the user, and nothing to save until one changes', async () => {
    const { actor, server, notices } = await devicesForm();

    expect(actor.getSnapshot().context.values).toEqual({ mobile: ['+447700900001'], 'work-email': [] });
    actor.send({ type: 'form.save' });
    expect(notices).toEqual([[NO_CHANGES_TEXT, 'default']]);
    expect(server.writes()).toEqual([]);
  });

  it('sends only the fields that changed, then holds the values as stored and hands the user to the page', async () => {
    const { actor, server, notices, saved } = await devicesForm();

    actor.send({ type: 'form.change', patch: { 'work-email': ['Ben@Work.test'] } });
    actor.send({ type: 'form.save' });
    await idle(actor);

    expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/user/user-ben/', body: { custom_fields: [{ field: 'work-email', values: ['Ben@Work.test'] }] } }]);
    expect(actor.getSnapshot().context.values).toEqual({ mobile: ['+447700900001'], 'work-email': ['ben@work.test'] });
    expect(notices).toEqual([[SAVED_TEXT, 'default']]);
    expect(saved.map((user) => user.id)).toEqual(['user-ben']);
  });

  it('refuses to send values its rules refuse, showing every rule', async () => {
    const { actor, server } = await devicesForm();

    actor.send({ type: 'form.change', patch: { mobile: ['12'] } });
    actor.send({ type: 'form.save' });

    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(server.writes()).toEqual([]);
  });

  it('keeps a change made while the save ran', async () => {
    const { actor } = await devicesForm();

    actor.send({ type: 'form.change', patch: { 'work-email': ['ben@work.test'] } });
    actor.send({ type: 'form.save' });
    actor.send({ type: 'form.change', patch: { mobile: ['07911 123456'] } });
    await idle(actor);

    expect(actor.getSnapshot().context.values).toEqual({ mobile: ['07911 123456'], 'work-email': ['ben@work.test'] });
  });

  it('follows a change made elsewhere in the fields not changed here', async () => {
    const { actor, server } = await settingsForm('all');
    actor.send({ type: 'form.change', patch: { last_name: 'Browne' } });

    server.change('user-ben', { first_name: 'Benedict', last_name: 'Braun' });
    actor.send({ type: 'form.sync', user: server.stored('user-ben')! });

    expect(actor.getSnapshot().context.values).toMatchObject({ first_name: 'Benedict', last_name: 'Browne' });
    expect(actor.getSnapshot().context.user.last_name).toBe('Braun');
  });

  it('shows the server’s messages by their field until the field changes, and the rest on their own', async () => {
    const refusal = new ApiError(409, { detail: 'A user with this email already exists.', email: ['A user with this email already exists.'], non_field_errors: ['Try another.'] });
    const { actor } = await settingsForm('all', aFakeUsersServerWithDemoUsers().failNext('PUT', refusal));

    actor.send({ type: 'form.change', patch: { email: 'ada.lovelace@demo.test' } });
    actor.send({ type: 'form.save' });
    await idle(actor);

    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(visibleErrors(context, {}, 'email')).toEqual(['A user with this email already exists.']);
    expect(context.messages).toEqual(['Try another.']);
    actor.send({ type: 'form.change', patch: { email: 'ada2@demo.test' } });
    expect(visibleErrors(actor.getSnapshot().context, {}, 'email')).toEqual([]);
  });

  it('lets a user editing themselves send only their name and time zone', async () => {
    const { actor, server } = await settingsForm('profile');

    actor.send({ type: 'form.change', patch: { email: 'me@demo.test', preferred_timezone: 'Europe/Oslo' } });
    actor.send({ type: 'form.save' });
    await idle(actor);

    expect(server.writes().map((call) => call.body)).toEqual([{ preferred_timezone: 'Europe/Oslo' }]);
  });
});
