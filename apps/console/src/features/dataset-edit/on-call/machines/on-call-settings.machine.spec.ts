import { STAFFING_VALUE_INVALID } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { anOnCallField, FakeOnCallServer } from '../../../../testing/fake-on-call-server';
import { stubApi } from '../../../../testing/stub-api';
import { datasetOnCallApi } from '../dataset-on-call-api';
import { staffingErrors } from '../on-call-settings-form';
import { onCallSettingsLogic } from '../dataset-on-call.implementations';
import { NO_CHANGES_TEXT, SETTINGS_SAVED_TEXT, type OnCallSettingsSnapshot } from './on-call-settings.machine';

/** North's on-call data fields: a reports-only vehicle of a group below, a role (Driver, Medic) and a site. */
const FIELDS = [
  anOnCallField('vehicle', 'Vehicle', 'MULTISELECT', { options: ['Van'], reportsOnly: true }),
  anOnCallField('role', 'Role', 'SINGLESELECT', { options: ['Driver', 'Medic'] }),
  anOnCallField('site', 'Site', 'TEXT'),
];

function aServer() {
  return new FakeOnCallServer(stubApi()).withSettings('north', FIELDS, { display_fields: ['site'] }, { 'role-0': 2 });
}

async function started(server = aServer(), canStaff = true) {
  const notices: [string, 'default' | 'error'][] = [];
  const logic = onCallSettingsLogic({ api: datasetOnCallApi(server.api), notify: (text, type) => notices.push([text, type]) });
  const actor = createActor(logic, { input: { groupId: 'north', canStaff } }).start();
  await settled(actor);
  return { actor, server, notices };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: OnCallSettingsSnapshot) => snapshot.matches('loading') || snapshot.matches('saving') || snapshot.matches('reloading');
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const values = (actor: Actor) => actor.getSnapshot().context.values!;
const staffing = (actor: Actor) => Object.fromEntries(values(actor).options_staffing);

describe('on-call settings machine', () => {
  it('loads the settings with a minimum per option staffing may count (not the reports-only field’s)', async () => {
    const { actor } = await started();

    expect(values(actor).display_fields).toEqual(['site']);
    expect(staffing(actor)).toEqual({ 'role-0': '2', 'role-1': '' });
  });

  it('sends only the list that changed, and says so when nothing did', async () => {
    const { actor, server, notices } = await started();

    actor.send({ type: 'settings.save' });
    expect(notices).toEqual([[NO_CHANGES_TEXT, 'default']]);
    actor.send({ type: 'settings.change', patch: { filter_fields: ['role'] } });
    actor.send({ type: 'settings.save' });
    await settled(actor);

    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/customer_group_on_call_settings/north/', body: { on_call_settings: { filter_fields: ['role'] } } }]);
    expect(notices.at(-1)).toEqual([SETTINGS_SAVED_TEXT, 'default']);
    expect(actor.getSnapshot().context.saved?.filter_fields).toEqual(['role']);
  });

  it('sends every minimum when one changed, none left empty, and nothing while one is not a whole number', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'settings.change', patch: { options_staffing: new Map([['role-0', '2'], ['role-1', '1.5']]) } });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(staffingErrors(values(actor))).toEqual(new Map([['role-1', STAFFING_VALUE_INVALID]]));
    expect(server.writes()).toEqual([]);

    actor.send({ type: 'settings.change', patch: { options_staffing: new Map([['role-0', ''], ['role-1', ' 1 ']]) } });
    actor.send({ type: 'settings.save' });
    await settled(actor);
    expect(server.writes().map((call) => call.body)).toEqual([{ options_staffing: { 'role-1': 1 } }]);
    expect(server.settingsOf('north').options_staffing).toEqual({ 'role-1': 1 });
    expect(staffing(actor)).toEqual({ 'role-0': '', 'role-1': '1' });
  });

  it('never sends minimums where the organisation lacks "Minimum staffing requirements"', async () => {
    const { actor, server, notices } = await started(aServer(), false);

    actor.send({ type: 'settings.change', patch: { options_staffing: new Map([['role-0', '5']]) } });
    actor.send({ type: 'settings.save' });
    expect(notices).toEqual([[NO_CHANGES_TEXT, 'default']]);
    actor.send({ type: 'settings.change', patch: { display_fields: ['site', 'role'] } });
    actor.send({ type: 'settings.save' });
    await settled(actor);
    expect(server.writes().map((call) => call.body)).toEqual([{ on_call_settings: { display_fields: ['site', 'role'] } }]);
  });

  it('keeps the server’s refusal by what it is about until that part changes', async () => {
    const server = aServer().withSettings('north', FIELDS.slice(1), { display_fields: ['site'] }, { 'role-0': 2 });
    const { actor } = await started(server);
    // The vehicle field is gone from the server since the form read it.
    actor.send({ type: 'settings.change', patch: { display_fields: ['site', 'vehicle'], options_staffing: new Map([['role-0', '2'], ['ghost', '1']]) } });
    actor.send({ type: 'settings.save' });
    await settled(actor);

    const { refusal } = actor.getSnapshot().context;
    expect(refusal).toEqual({
      on_call_settings: ['display_fields: "vehicle" is not an on-call data field of this customer group.'],
      options_staffing: ['"ghost" is not an option of a single or multiple choice field this customer group offers.'],
      messages: [],
    });
    actor.send({ type: 'settings.change', patch: { display_fields: ['site'] } });
    expect(actor.getSnapshot().context.refusal.on_call_settings).toEqual([]);
    expect(actor.getSnapshot().context.refusal.options_staffing).toHaveLength(1);
  });

  it('follows a save made elsewhere in the parts not changed here, and keeps those that are', async () => {
    const server = aServer();
    const { actor } = await started(server);
    actor.send({ type: 'settings.change', patch: { filter_fields: ['site'] } });

    await datasetOnCallApi(server.api).changeSettings('north', { on_call_settings: { display_fields: ['role'], filter_fields: ['role'] }, options_staffing: { 'role-1': 3 } });
    actor.send({ type: 'settings.reload' });
    await settled(actor);

    expect(values(actor).display_fields).toEqual(['role']);
    expect(values(actor).filter_fields).toEqual(['site']);
    expect(staffing(actor)).toEqual({ 'role-0': '', 'role-1': '3' });
    expect(actor.getSnapshot().context.saved?.filter_fields).toEqual(['role']);
  });

  it('reads the settings again after its save when someone saved meanwhile', async () => {
    const server = aServer();
    const { actor } = await started(server);
    actor.send({ type: 'settings.change', patch: { filter_fields: ['site'] } });
    actor.send({ type: 'settings.save' });
    actor.send({ type: 'settings.reload' });
    await settled(actor);

    expect(server.reads(/customer_group_on_call_settings/)).toHaveLength(2);
    expect(actor.getSnapshot().context.saved?.filter_fields).toEqual(['site']);
    expect(actor.getSnapshot().context.reloadAsked).toBe(false);
  });
});
