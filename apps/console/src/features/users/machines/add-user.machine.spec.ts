import { describe, expect, it } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../api/api-error';
import { aFakeUsersServerWithDemoUsers } from '../../../testing/demo-users';
import { aContactField, FakeUsersServer, USERS_FIELDS, USERS_GROUPS } from '../../../testing/fake-users-server';
import { addUserLogic } from '../add-user.implementations';
import { usersApi } from '../users-api';
import { clientErrors, errorsOf, type AddUserSnapshot } from './add-user.machine';

/** The machine over the fake server, opened on the root group, with the snackbar and the pages opened recorded. */
async function opened(server: FakeUsersServer = aFakeUsersServerWithDemoUsers(), canReadFields = true) {
  const notices: [string, 'default' | 'error'][] = [];
  const openedUsers: string[] = [];
  const logic = addUserLogic({ api: usersApi(server.api), notify: (text, type) => notices.push([text, type]), openUser: (id) => openedUsers.push(id) });
  const actor = createActor(logic, { input: { canReadFields, fallbackTimeZone: 'Europe/Oslo' } }).start();
  actor.send({ type: 'addUser.open', groups: USERS_GROUPS, groupId: 'group-1' });
  await settled(actor);
  return { actor, server, notices, openedUsers };
}

type Actor = Awaited<ReturnType<typeof opened>>['actor'];

const settled = (actor: Actor) =>
  waitFor(actor, (snapshot: AddUserSnapshot) => !snapshot.matches({ open: { deviceFields: 'loading' } }) && !snapshot.matches({ open: { form: 'saving' } }));
const named = (actor: Actor) => {
  actor.send({ type: 'addUser.change', patch: { email: 'grace@demo.test', first_name: 'Grace', last_name: 'Hopper' } });
};

describe('add user machine', () => {
  it('opens on the group given with its defaults and loads its device fields', async () => {
    const { actor, server } = await opened();

    expect(actor.getSnapshot().context.attributes).toEqual({
      email: '',
      first_name: '',
      last_name: '',
      customer_group: 'group-1',
      customer_permission: 'CONTACT',
      preferred_timezone: 'Europe/London',
      is_active: true,
      is_message_recipient: true,
    });
    expect(actor.getSnapshot().context.deviceFields.map((field) => field.label)).toEqual(['Mobile', 'Work email']);
    expect(server.reads(/\/fields\//).map((call) => call.path)).toEqual(['/api/customer_group/group-1/fields/']);
  });

  it('loads the device fields of another group chosen, keeping the values typed of fields both have', async () => {
    const server = new FakeUsersServer(USERS_GROUPS, [...USERS_FIELDS, aContactField('pager', 'Pager', 'PHONE(SMS)', [], 'north')]);
    const { actor } = await opened(server);
    actor.send({ type: 'addUser.device', fieldId: 'mobile', values: ['07911 123456'] });

    actor.send({ type: 'addUser.change', patch: { customer_group: 'north' } });
    await settled(actor);

    expect(actor.getSnapshot().context.deviceFields.map((field) => field.label)).toEqual(['Mobile', 'Work email', 'Pager']);
    expect(actor.getSnapshot().context.devices).toEqual({ mobile: ['07911 123456'] });
  });

  it('shows a field’s rules once it is changed, and every rule when a create is asked for, sending nothing', async () => {
    const { actor, server } = await opened();

    actor.send({ type: 'addUser.device', fieldId: 'mobile', values: ['12'] });
    expect(errorsOf(actor.getSnapshot().context, 'mobile')).toEqual([expect.stringContaining('"12" is not a valid phone number.')]);
    expect(errorsOf(actor.getSnapshot().context, 'first_name')).toEqual([]);

    actor.send({ type: 'addUser.save' });
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(errorsOf(actor.getSnapshot().context, 'first_name')).toEqual(['This field may not be blank.']);
    expect(Object.keys(clientErrors(actor.getSnapshot().context)).sort()).toEqual(['email', 'first_name', 'last_name', 'mobile']);
    expect(server.writes()).toEqual([]);
  });

  it('creates the user with the devices typed, says so and opens their page', async () => {
    const { actor, server, notices, openedUsers } = await opened();
    named(actor);
    actor.send({ type: 'addUser.device', fieldId: 'work-email', values: ['Grace@Work.test'] });

    actor.send({ type: 'addUser.save' });
    await settled(actor);

    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(notices).toEqual([['User “Grace Hopper” created.', 'default']]);
    expect(openedUsers).toEqual(['new-1']);
    expect((server.writes()[0]!.body as { custom_fields: unknown }).custom_fields).toEqual([{ field: 'work-email', values: ['Grace@Work.test'] }]);
    expect(server.stored('new-1')?.custom_fields?.find((entry) => entry.field === 'work-email')?.values).toEqual(['grace@work.test']);
  });

  it('puts the server’s custom_fields messages under the device field their label names, and keeps each until its field changes', async () => {
    const server = aFakeUsersServerWithDemoUsers().failNext(
      'POST',
      new ApiError(400, { detail: 'Mobile: not a mobile number.', custom_fields: ['Mobile: not a mobile number.', 'Something else.'] }),
    );
    const { actor, notices } = await opened(server);
    named(actor);
    actor.send({ type: 'addUser.device', fieldId: 'mobile', values: ['07911 123456'] });

    actor.send({ type: 'addUser.save' });
    await settled(actor);

    expect(errorsOf(actor.getSnapshot().context, 'mobile')).toEqual(['Not a mobile number.']);
    expect(actor.getSnapshot().context.messages).toEqual(['Something else.']);
    expect(notices).toEqual([['Mobile: not a mobile number.', 'error']]);
    actor.send({ type: 'addUser.device', fieldId: 'mobile', values: ['07911 123457'] });
    expect(errorsOf(actor.getSnapshot().context, 'mobile')).toEqual([]);
  });

  it('offers no devices when the caller may not read the fields', async () => {
    const { actor, server } = await opened(aFakeUsersServerWithDemoUsers(), false);

    expect(actor.getSnapshot().matches({ open: { deviceFields: 'unavailable' } })).toBe(true);
    expect(server.reads(/\/fields\//)).toEqual([]);
  });
});
