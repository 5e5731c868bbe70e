import type { AuditRecipientDto, AuditSettingsDto, CustomerGroupSettingsDto } from '@beacon/contracts';
import { SENDER_NAME_INVALID, TIMEZONE_INVALID } from '@beacon/domain';
import { describe, expect, it } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { auditFormDefinition } from '../audit-form';
import { conferenceFormDefinition } from '../conference-form';
import { datasetEditApi } from '../dataset-edit-api';
import { SETTINGS_SECTIONS, settingsFormDefinition, type SettingsSection } from '../settings-form';
import { FakeDatasetSettingsServer } from '../testing/fake-dataset-settings-server';
import { createFormMachine, NO_CHANGES_TEXT, visibleErrors, type FormDefinition } from './form.machine';

type Notice = [string, 'default' | 'error'];

async function started<V extends object, O>(make: (notify: (text: string, type: 'default' | 'error') => void) => FormDefinition<V, O>) {
  const notices: Notice[] = [];
  const definition = make((text, type) => notices.push([text, type]));
  const actor = createActor(createFormMachine(definition)).start();
  await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
  const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('saving'));
  const shown = (field: string) => {
    const { context } = actor.getSnapshot();
    return visibleErrors(context, definition.errors(context.values!, context.options!, context.saved!), field);
  };
  return { actor, notices, settled, shown };
}

function settingsForm(server: FakeDatasetSettingsServer, section: SettingsSection) {
  return started((notify) =>
    settingsFormDefinition(SETTINGS_SECTIONS[section], 'Settings saved.', { api: datasetEditApi(server.api), groupId: 'north', notify }),
  );
}

const settingsPuts = (server: FakeDatasetSettingsServer) => server.writes().map((call) => call.body);

describe('a settings form', () => {
  it('loads the group’s settings, sends only the settings that changed, and shows the saved ones', async () => {
    const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', { default_sms_sender_name: 'Beacon' });
    const { actor, notices, settled } = await settingsForm(server, 'messageSending');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values?.default_sms_sender_name).toBe('Beacon');

    actor.send({ type: 'form.change', patch: { default_sms_sender_name: 'North 1' } });
    actor.send({ type: 'form.change', patch: { default_message_timeout: { value: 3600, text: '' } } });
    actor.send({ type: 'form.save' });
    await settled();

    expect(settingsPuts(server)).toEqual([{ default_sms_sender_name: 'North 1', default_message_timeout: { value: 3600, text: '1 hour' } }]);
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(actor.getSnapshot().context.saved?.default_message_timeout).toEqual({ value: 3600, text: '1 hour' });
    expect(notices).toEqual([['Settings saved.', 'default']]);
  });

  it('turns forced two-way SMS off when two-way SMS goes on, and the other way round (§4), sending both', async () => {
    const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', { force_two_way_sms: true });
    const { actor, settled } = await settingsForm(server, 'outboundAndInboundRouting');

    actor.send({ type: 'form.change', patch: { two_way_sms: true } });
    expect(actor.getSnapshot().context.values).toMatchObject({ two_way_sms: true, force_two_way_sms: false });
    actor.send({ type: 'form.save' });
    await settled();
    expect(settingsPuts(server)).toEqual([{ two_way_sms: true, force_two_way_sms: false }]);

    actor.send({ type: 'form.change', patch: { force_two_way_sms: true } });
    expect(actor.getSnapshot().context.values).toMatchObject({ two_way_sms: false, force_two_way_sms: true });
  });

  it('does not send settings its rules refuse, and shows the rule of a field once it is changed or a save was asked for', async () => {
    const server = new FakeDatasetSettingsServer();
    const { actor, shown } = await settingsForm(server, 'messageSending');

    actor.send({ type: 'form.change', patch: { default_sms_sender_name: '12345' } });
    expect(shown('default_sms_sender_name')).toEqual([SENDER_NAME_INVALID]);
    expect(shown('opening_text')).toEqual([]);

    actor.send({ type: 'form.change', patch: { opening_text: 'x'.repeat(161) } });
    actor.send({ type: 'form.save' });
    expect(server.writes()).toEqual([]);
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(shown('opening_text')).toEqual(['Ensure this field has no more than 160 characters.']);
  });

  it('checks only the settings changed, as the server does, so a stored value a rule now refuses does not stop another save', async () => {
    const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', { default_sms_sender_name: 'Beacon Alerts Ltd' });
    const { actor, settled, shown } = await settingsForm(server, 'messageSending');

    actor.send({ type: 'form.change', patch: { closing_text: 'Reply STOP' } });
    actor.send({ type: 'form.save' });
    await settled();

    expect(settingsPuts(server)).toEqual([{ closing_text: 'Reply STOP' }]);
    expect(shown('default_sms_sender_name')).toEqual([]);
  });

  it('checks the preferred time zone against the IANA zones', async () => {
    const { actor, shown } = await settingsForm(new FakeDatasetSettingsServer(), 'userAndMaintenanceAndAccess');

    actor.send({ type: 'form.change', patch: { preferred_timezone: 'Europe/Londn' } });
    expect(shown('preferred_timezone')).toEqual([TIMEZONE_INVALID]);
    actor.send({ type: 'form.change', patch: { preferred_timezone: 'America/New_York' } });
    expect(shown('preferred_timezone')).toEqual([]);
  });

  it('says there is nothing to save when no setting changed, without a call', async () => {
    const server = new FakeDatasetSettingsServer();
    const { actor, notices } = await settingsForm(server, 'userAndMaintenanceAndAccess');

    actor.send({ type: 'form.change', patch: { send_verification_email: true } });
    actor.send({ type: 'form.change', patch: { send_verification_email: false } });
    actor.send({ type: 'form.save' });

    expect(server.writes()).toEqual([]);
    expect(notices).toEqual([[NO_CHANGES_TEXT, 'default']]);
  });

  it('shows the server’s messages next to their settings until the setting changes, and its detail in the snackbar', async () => {
    const server = new FakeDatasetSettingsServer().failNext(
      'PUT',
      new ApiError(400, { detail: 'Invalid customer group settings.', country_code: ['dial_code: The dial code of FR is +33.'] }),
    );
    const { actor, notices, settled, shown } = await settingsForm(server, 'outboundAndInboundRouting');

    actor.send({ type: 'form.change', patch: { country_code: { country: 'France', country_code: 'FR', dial_code: '+33' } } });
    actor.send({ type: 'form.save' });
    await settled();

    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(shown('country_code')).toEqual(['dial_code: The dial code of FR is +33.']);
    expect(notices).toEqual([['Invalid customer group settings.', 'error']]);
    actor.send({ type: 'form.change', patch: { dial_back_message: 'Call us back' } });
    expect(shown('country_code')).toHaveLength(1);
    actor.send({ type: 'form.change', patch: { country_code: { country: 'France', country_code: 'FR', dial_code: '+33' } } });
    expect(shown('country_code')).toEqual([]);

    actor.send({ type: 'form.save' });
    await settled();
    expect(server.settingsOf('north').country_code.country_code).toBe('FR');
  });

  it('keeps a change made while a save was under way, over the server’s answer', async () => {
    const server = new FakeDatasetSettingsServer();
    const { actor, settled } = await settingsForm(server, 'messageSending');
    const release = server.holdNext('PUT');

    actor.send({ type: 'form.change', patch: { opening_text: 'Hello' } });
    actor.send({ type: 'form.save' });
    actor.send({ type: 'form.change', patch: { closing_text: 'Bye' } });
    release();
    await settled();

    const { values, saved } = actor.getSnapshot().context;
    expect(values).toMatchObject({ opening_text: 'Hello', closing_text: 'Bye' });
    expect(saved).toMatchObject({ opening_text: 'Hello', closing_text: '' });
  });

  it('shows why the settings could not be loaded, and loads them again on Try again', async () => {
    const server = new FakeDatasetSettingsServer().failNext('GET', new ApiError(500, 'boom'));
    const { actor } = await settingsForm(server, 'messageSending');

    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBe('boom');
    actor.send({ type: 'form.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.values?.default_tts_voice).toBe('Amy');
  });
});

function auditForm(server: FakeDatasetSettingsServer) {
  return started<AuditSettingsDto, AuditRecipientDto[]>((notify) => auditFormDefinition({ api: datasetEditApi(server.api), groupId: 'north', notify }));
}

describe('the audit form', () => {
  it('saves inactive audit settings as is_audit_active=false only (§4)', async () => {
    const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', {}, {
      is_audit_active: true,
      add_additional_emails_to_distribution_list: true,
      audit_domains: ['demo.test'],
      audit_additional_recipients: [],
      media_recipients: ['user-ada'],
    });
    const { actor, settled } = await auditForm(server);

    actor.send({ type: 'form.change', patch: { is_audit_active: false } });
    actor.send({ type: 'form.save' });
    await settled();

    expect(server.writes().map((call) => call.body)).toEqual([
      { is_audit_active: false, add_additional_emails_to_distribution_list: false, audit_domains: [], audit_additional_recipients: [] },
    ]);
    expect(actor.getSnapshot().context.values?.media_recipients).toEqual([]);
  });

  it('leaves out empty recipient lists, and the domains and addresses without the additional-emails option (§4)', async () => {
    const server = new FakeDatasetSettingsServer();
    const { actor, settled } = await auditForm(server);

    actor.send({ type: 'form.change', patch: { is_audit_active: true, imports_recipients: ['user-olu', 'user-ada'], audit_domains: ['demo.test'] } });
    actor.send({ type: 'form.save' });
    await settled();

    expect(server.writes().map((call) => call.body)).toEqual([
      {
        is_audit_active: true,
        add_additional_emails_to_distribution_list: false,
        audit_domains: [],
        audit_additional_recipients: [],
        imports_recipients: ['user-olu', 'user-ada'],
      },
    ]);
  });

  it('checks domains and addresses as typed, ignoring blank lines', async () => {
    const server = new FakeDatasetSettingsServer();
    const { actor, shown, settled } = await auditForm(server);

    actor.send({
      type: 'form.change',
      patch: { is_audit_active: true, add_additional_emails_to_distribution_list: true, audit_domains: ['demo.test', '', 'not a domain'], audit_additional_recipients: ['x@demo.test', ''] },
    });
    expect(shown('audit_domains')).toEqual(['1: Not a valid domain name (for example example.org).']);
    expect(shown('audit_additional_recipients')).toEqual([]);
    actor.send({ type: 'form.save' });
    expect(server.writes()).toEqual([]);

    actor.send({ type: 'form.change', patch: { audit_domains: ['Demo.Test', ''] } });
    actor.send({ type: 'form.save' });
    await settled();
    expect(server.auditOf('north')).toMatchObject({ audit_domains: ['demo.test'], audit_additional_recipients: ['x@demo.test'] });
  });

  it('shows the spec’s text when the save fails with a server error', async () => {
    const server = new FakeDatasetSettingsServer().failNext('POST', new ApiError(500, {}));
    const { actor, notices, settled } = await auditForm(server);

    actor.send({ type: 'form.change', patch: { is_audit_active: true } });
    actor.send({ type: 'form.save' });
    await settled();
    expect(notices).toEqual([[SERVER_ERROR_TEXT, 'error']]);
    expect(actor.getSnapshot().context.messages).toEqual([SERVER_ERROR_TEXT]);
  });
});

describe('the conference form', () => {
  it('sends both messages and limits each to 1000 characters', async () => {
    const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', {
      conference: { default_message_amd: 'Please call back', default_message_live: '' },
    } as Partial<CustomerGroupSettingsDto>);
    const { actor, shown, settled } = await started((notify) => conferenceFormDefinition({ api: datasetEditApi(server.api), groupId: 'north', notify }));

    actor.send({ type: 'form.change', patch: { default_message_live: 'x'.repeat(1001) } });
    expect(shown('default_message_live')).toEqual(['Ensure this field has no more than 1000 characters.']);
    actor.send({ type: 'form.change', patch: { default_message_live: 'You are joining the conference' } });
    actor.send({ type: 'form.save' });
    await settled();

    expect(server.writes().map((call) => call.body)).toEqual([
      { default_message_amd: 'Please call back', default_message_live: 'You are joining the conference' },
    ]);
  });
});
