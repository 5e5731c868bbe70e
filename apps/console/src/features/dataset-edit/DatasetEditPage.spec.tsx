import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SENDER_NAME_INVALID, TIMEZONE_INVALID } from '@beacon/domain';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../testing/sign-in';
import { CANNOT_SAVE_TEXT } from './components/FormFrame';
import { LEAVE_UNSAVED_TEXT } from './DatasetEditPage';
import { aField, FakeDatasetSettingsServer } from './testing/fake-dataset-settings-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./DatasetEditPage');
});

function renderEdit(path: string, server = new FakeDatasetSettingsServer()) {
  renderConsoleAs(aSessionAs('ADMIN'), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const sections = () => screen.findByRole('navigation', { name: 'Dataset sections' });
const form = (name: string) => screen.findByRole('form', { name });
const puts = (server: FakeDatasetSettingsServer) => server.writes().map((call) => [call.method, call.path, call.body]);

describe('DatasetEditPage', () => {
  it('opens on Devices, under the dataset’s name, with every section as a tab', async () => {
    renderEdit('/datasets/north/edit');

    const nav = await sections();
    await waitFor(() => expect(currentPath()).toBe('/datasets/north/edit/devices'));
    expect(screen.getByRole('heading', { level: 1, name: 'North Region' })).toBeTruthy();
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Devices',
      'Data',
      'Settings',
      'Audit',
      'SFTP',
      'Conference',
      'On call',
      'Registration',
      'Merge fields',
    ]);
    expect(within(nav).getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Audit' }).getAttribute('href')).toBe('/datasets/north/edit/audit');
    expect(await screen.findByText('The dataset has no device fields.')).toBeTruthy();
  });

  it.each([
    ['SFTP', '/datasets/north/edit/sftp'],
    ['Registration', '/datasets/north/edit/registration'],
  ])('says %s comes in a later release, keeping the tabs', async (section, path) => {
    renderEdit(path);

    const nav = await sections();
    expect(within(nav).getByRole('link', { name: section }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    expect(screen.getByText('This screen is coming in a later release.')).toBeTruthy();
  });

  it('lists the device fields with their devices under Devices and the other fields with their options under Data', async () => {
    const server = new FakeDatasetSettingsServer().withFields('north', [
      aField('mobile', 'Mobile', 'PHONE(SMS&VOICE)', { inherited: true }),
      aField('work-email', 'Work email', 'EMAIL'),
      aField('site', 'Site', 'SINGLESELECT', { options: ['Oslo', 'Bergen'], excluded: ['Bergen'], inherited: true }),
      aField('notes', 'Notes', 'TEXT'),
    ]);
    const { user } = renderEdit('/datasets/north/edit/devices', server);

    const cellsOf = async (caption: string, field: string) =>
      within(within(await screen.findByRole('table', { name: caption })).getByRole('row', { name: new RegExp(`^${field}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(await cellsOf('Device fields', 'Mobile')).toEqual(['Phone (SMS and voice)', 'SMS, Voice Call', '']);
    expect((await cellsOf('Device fields', 'Work email')).slice(0, 2)).toEqual(['Email', 'Email']);

    await user.click(within(await sections()).getByRole('link', { name: 'Data' }));
    const site = within(within(await screen.findByRole('table', { name: 'Data fields' })).getByRole('row', { name: /^Site/ }));
    expect((site.getByRole('checkbox', { name: 'Oslo' }) as HTMLInputElement).checked).toBe(true);
    expect((site.getByRole('checkbox', { name: /Bergen/ }) as HTMLInputElement).checked).toBe(false);
    expect((await cellsOf('Data fields', 'Notes')).slice(0, 2)).toEqual(['Text', '—']);
    expect(server.writes()).toEqual([]);
  });

  it('says why the dataset could not be loaded and loads it again on Try again', async () => {
    const { user } = renderEdit('/datasets/north/edit/settings', new FakeDatasetSettingsServer().failNext('GET', new ApiError(404, { detail: 'Not found.' })));

    expect((await screen.findByRole('alert')).textContent).toBe('Not found.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'North Region' })).toBeTruthy();
  });

  it('leads from Settings to its three screens, marking Settings as the current section', async () => {
    const { user } = renderEdit('/datasets/north/edit/settings');

    const settingsNav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(settingsNav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Outbound and inbound routing',
      'User, maintenance and access',
      'Message sending',
    ]);
    await user.click(within(settingsNav).getByRole('link', { name: 'Message sending' }));

    await form('Message sending');
    expect(currentPath()).toBe('/datasets/north/edit/settings/message-sending');
    expect(within(settingsNav).getByRole('link', { name: 'Message sending' }).getAttribute('aria-current')).toBe('page');
    expect(within(await sections()).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('true');
  });

  describe('Outbound and inbound routing', () => {
    it('turns one two-way SMS option off when the other goes on, and sends only the settings changed', async () => {
      const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', { two_way_sms: true, dial_back_message: 'Call us' });
      const { user } = renderEdit('/datasets/north/edit/settings/outbound-and-inbound-routing', server);

      const routing = await form('Outbound and inbound routing');
      const twoWay = within(routing).getByRole('checkbox', { name: 'Two-way SMS' }) as HTMLInputElement;
      const forced = within(routing).getByRole('checkbox', { name: 'Forced two-way SMS' }) as HTMLInputElement;
      expect([twoWay.checked, forced.checked]).toEqual([true, false]);
      await user.click(forced);
      expect([twoWay.checked, forced.checked]).toEqual([false, true]);

      await user.click(within(routing).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Outbound and inbound routing settings saved.')).not.toBeNull();
      expect(puts(server)).toEqual([['PUT', '/api/customer_group_settings/north/', { two_way_sms: false, force_two_way_sms: true }]]);
    });

    it('checks phone numbers as they are typed and lists noticeboard numbers with their provider, voice and default', async () => {
      const server = new FakeDatasetSettingsServer();
      const { user } = renderEdit('/datasets/north/edit/settings/outbound-and-inbound-routing', server);
      const routing = await form('Outbound and inbound routing');

      const phone = within(routing).getByRole('textbox', { name: 'Dataset phone number' });
      await user.type(phone, '+4479');
      expect(descriptionOf(phone)).toContain('Not a valid phone number in international format');
      await user.type(phone, '11123456');
      expect(phone.getAttribute('aria-invalid')).toBeNull();

      await user.click(within(routing).getByRole('button', { name: 'Add a noticeboard number' }));
      const entry = within(routing).getByRole('group', { name: 'Noticeboard number 1' });
      await user.type(within(entry).getByRole('textbox', { name: 'Phone number' }), '+447911123457');
      await user.selectOptions(within(entry).getByRole('combobox', { name: 'Provider' }), 'Twilio');
      await user.click(within(entry).getByRole('checkbox', { name: 'Voice' }));
      await user.click(within(entry).getByRole('checkbox', { name: 'Use by default' }));
      await user.click(within(routing).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Outbound and inbound routing settings saved.')).not.toBeNull();
      expect(puts(server)).toEqual([
        [
          'PUT',
          '/api/customer_group_settings/north/',
          {
            customer_group_phone_number: '+447911123456',
            noticeboard_numbers: [{ phone_number: '+447911123457', provider: 'twillio', is_voice: true }],
            default_noticeboards: ['+447911123457'],
          },
        ],
      ]);
    });

    it('shows the server’s message about the dial code next to the dial code', async () => {
      const server = new FakeDatasetSettingsServer().failNext(
        'PUT',
        new ApiError(400, { detail: 'Invalid customer group settings.', country_code: ['dial_code: The dial code of IE is +353.'] }),
      );
      const { user } = renderEdit('/datasets/north/edit/settings/outbound-and-inbound-routing', server);
      const routing = await form('Outbound and inbound routing');

      await user.clear(within(routing).getByRole('textbox', { name: 'Country' }));
      await user.type(within(routing).getByRole('textbox', { name: 'Country' }), 'Ireland');
      await user.clear(within(routing).getByRole('textbox', { name: 'Country code' }));
      await user.type(within(routing).getByRole('textbox', { name: 'Country code' }), 'ie');
      await user.clear(within(routing).getByRole('textbox', { name: 'Dial code' }));
      await user.type(within(routing).getByRole('textbox', { name: 'Dial code' }), '+353');
      await user.click(within(routing).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(within(routing).getByRole('alert').textContent).toBe('Invalid customer group settings.'));
      const dialCode = within(routing).getByRole('textbox', { name: 'Dial code' });
      expect(descriptionOf(dialCode)).toBe('For example +44. The dial code of IE is +353.');
      expect(dialCode.getAttribute('aria-invalid')).toBe('true');
      expect(puts(server)[0]![2]).toEqual({ country_code: { country: 'Ireland', dial_code: '+353', country_code: 'IE' } });
    });
  });

  describe('User, maintenance and access', () => {
    it('checks the time zone as it is typed, and saves locked users, emails and the address format', async () => {
      const server = new FakeDatasetSettingsServer();
      const { user } = renderEdit('/datasets/north/edit/settings/user-and-maintenance-and-access', server);
      const access = await form('User, maintenance and access');

      const zone = within(access).getByRole('combobox', { name: 'Preferred time zone' });
      await user.clear(zone);
      await user.type(zone, 'Mars/Olympus');
      expect(descriptionOf(zone)).toBe(`An IANA time zone, for example Europe/London. ${TIMEZONE_INVALID}`);
      await user.click(within(access).getByRole('button', { name: 'Save' }));
      expect(within(access).getByRole('alert').textContent).toBe(CANNOT_SAVE_TEXT);
      // A setting the rules refuse is not sent.
      expect(server.writes()).toEqual([]);

      await user.clear(zone);
      await user.type(zone, 'Europe/Oslo');
      await user.click(within(within(access).getByRole('group', { name: 'Locked users' })).getByRole('checkbox', { name: 'Operators' }));
      await user.click(within(access).getByRole('checkbox', { name: 'Send verification email' }));
      await user.click(within(access).getByRole('button', { name: 'Add a field' }));
      await user.type(within(access).getByRole('textbox', { name: 'Field 1' }), 'Department');
      await user.click(within(access).getByRole('button', { name: 'Add a field' }));
      await user.type(within(access).getByRole('textbox', { name: 'Field 2' }), 'Site');
      await user.click(within(access).getByRole('button', { name: 'Move field 2 up' }));
      await user.click(within(access).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('User, maintenance and access settings saved.')).not.toBeNull();
      expect(puts(server)[0]![2]).toEqual({
        locked_users: { admin: false, operator: true, data: false, sender: false },
        send_verification_email: true,
        preferred_timezone: 'Europe/Oslo',
        address_format_list: ['Site', 'Department'],
      });
    });
  });

  describe('Message sending', () => {
    it('offers the ten timeouts, checks the sender name and the opening text as typed, and saves what changed', async () => {
      const server = new FakeDatasetSettingsServer();
      const { user } = renderEdit('/datasets/north/edit/settings/message-sending', server);
      const sending = await form('Message sending');

      const timeout = within(sending).getByRole('combobox', { name: 'Default message timeout' }) as HTMLSelectElement;
      expect(Array.from(timeout.options, (option) => option.text)).toEqual([
        '15 minutes',
        '30 minutes',
        '1 hour',
        '2 hours',
        '4 hours',
        '6 hours',
        '12 hours',
        '18 hours',
        '24 hours',
        '7 days',
      ]);
      expect(timeout.selectedOptions[0]?.text).toBe('30 minutes');
      await user.selectOptions(timeout, '7 days');

      const sender = within(sending).getByRole('textbox', { name: 'Default SMS sender name' });
      await user.type(sender, '123');
      expect(descriptionOf(sender)).toContain(SENDER_NAME_INVALID);
      await user.clear(sender);
      await user.type(sender, 'Beacon Alerts');
      expect(descriptionOf(sender)).toContain(SENDER_NAME_INVALID);
      await user.clear(sender);
      await user.type(sender, 'Beacon 1');
      expect(sender.getAttribute('aria-invalid')).toBeNull();

      const opening = within(sending).getByRole('textbox', { name: 'Opening text' });
      await user.type(opening, 'Hello');
      expect(descriptionOf(opening)).toBe('Put before every SMS. 5 of 160 characters');
      await user.click(within(within(sending).getByRole('group', { name: 'Message type' })).getByRole('radio', { name: 'Recording' }));
      await user.click(within(sending).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Message sending settings saved.')).not.toBeNull();
      expect(puts(server)[0]![2]).toEqual({
        default_message_timeout: { value: 604800, text: '7 days' },
        default_sms_sender_name: 'Beacon 1',
        default_amd_message: { message_type: 'recording_amd', message: '' },
        opening_text: 'Hello',
      });
    });

    it('asks before the page’s links leave changes unsaved, and takes the keyboard to the first field a save is refused for', async () => {
      const { user } = renderEdit('/datasets/north/edit/settings/message-sending');
      const sending = await form('Message sending');

      await user.type(within(sending).getByRole('textbox', { name: 'Closing text' }), 'x'.repeat(161));
      await user.clear(within(sending).getByRole('textbox', { name: 'Default text-to-speech voice' }));
      await user.click(within(sending).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(document.activeElement).toBe(within(sending).getByRole('textbox', { name: 'Default text-to-speech voice' })));

      await user.click(within(await sections()).getByRole('link', { name: 'Conference' }));
      const question = screen.getByRole('alertdialog', { name: LEAVE_UNSAVED_TEXT });
      await user.click(within(question).getByRole('button', { name: 'Stay' }));
      expect(currentPath()).toBe('/datasets/north/edit/settings/message-sending');

      await user.click(within(await sections()).getByRole('link', { name: 'Conference' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
      await form('Conference');
      expect(currentPath()).toBe('/datasets/north/edit/conference');
    });

    it('says so when nothing was changed, without a call', async () => {
      const server = new FakeDatasetSettingsServer();
      const { user } = renderEdit('/datasets/north/edit/settings/message-sending', server);

      await user.click(within(await form('Message sending')).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('There are no changes to save.')).not.toBeNull();
      expect(server.writes()).toEqual([]);
    });
  });

  describe('Conference', () => {
    it('saves the two messages', async () => {
      const server = new FakeDatasetSettingsServer();
      const { user } = renderEdit('/datasets/north/edit/conference', server);
      const conference = await form('Conference');

      await user.type(within(conference).getByRole('textbox', { name: 'Message for an answering machine' }), 'Please call back');
      await user.type(within(conference).getByRole('textbox', { name: 'Message for a person who answers' }), 'Joining you now');
      await user.click(within(conference).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Conference settings saved.')).not.toBeNull();
      expect(puts(server)).toEqual([
        ['PUT', '/api/customer_group_conference_settings/north/', { default_message_amd: 'Please call back', default_message_live: 'Joining you now' }],
      ]);
    });
  });

  describe('Merge fields', () => {
    it('sends the flags that changed and shows the fields merged as the server answers', async () => {
      const server = new FakeDatasetSettingsServer().withFields(
        'north',
        [aField('mobile', 'Mobile', 'PHONE(SMS)'), aField('site', 'Site', 'SINGLESELECT', { options: ['Oslo'] }), aField('notes', 'Notes', 'TEXT')],
        ['site'],
      );
      const { user } = renderEdit('/datasets/north/edit/merge-fields', server);
      const merge = await form('Merge fields');

      const fields = within(within(merge).getByRole('group', { name: 'Fields to merge' }));
      const checked = () => fields.getAllByRole('checkbox').map((box) => `${(box as HTMLInputElement).checked ? '[x]' : '[ ]'} ${descriptionOf(box)}`);
      expect(checked()).toEqual(['[ ] Phone (SMS)', '[x] Single choice', '[ ] Text']);
      await user.click(fields.getByRole('checkbox', { name: 'Notes' }));
      await user.click(fields.getByRole('checkbox', { name: 'Site' }));
      await user.click(within(merge).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Merge fields saved.')).not.toBeNull();
      expect(puts(server)).toEqual([
        [
          'POST',
          '/api/merge_fields/north/',
          {
            field_data: [
              { id: 'site', merge_field_enabled: false },
              { id: 'notes', merge_field_enabled: true },
            ],
          },
        ],
      ]);
      expect(checked()).toEqual(['[ ] Phone (SMS)', '[ ] Single choice', '[x] Text']);
    });

    it('is not offered where the organisation does not have the merge fields feature (the server would refuse)', async () => {
      const server = new FakeDatasetSettingsServer();
      renderConsoleAs(aSessionAs('ADMIN', { rootPermissions: [] }), '/datasets/north/edit/merge-fields', {}, server.api);

      expect(await screen.findByText('Merge fields need the “Merge fields” feature, which your organisation does not have.')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Merge fields' })).toBeNull();
      expect(server.calls.map((call) => call.path)).toEqual(['/api/customer_group/north/']);
    });
  });

  describe('Audit', () => {
    it('shows the recipient lists only while audit is on, grouped, offering the dataset’s users by email', async () => {
      const server = new FakeDatasetSettingsServer();
      const { user } = renderEdit('/datasets/north/edit/audit', server);
      const audit = await form('Audit');

      expect(within(audit).queryAllByRole('listbox')).toEqual([]);
      await user.click(within(audit).getByRole('checkbox', { name: 'Send audit reports' }));

      expect(within(audit).getAllByRole('listbox')).toHaveLength(18);
      const thisDataset = within(audit).getByRole('group', { name: 'This dataset' });
      const imports = within(thisDataset).getByRole('listbox', { name: 'Imports (this dataset)' });
      expect(within(imports).getAllByRole('option').map((option) => option.textContent)).toEqual(['ada@demo.test', 'olu@demo.test', 'sam@demo.test']);
      await user.selectOptions(imports, ['ada@demo.test', 'sam@demo.test']);
      const children = within(audit).getByRole('group', { name: 'Child datasets' });
      await user.selectOptions(within(children).getByRole('listbox', { name: 'Media (child datasets)' }), 'olu@demo.test');
      expect(within(within(audit).getByRole('group', { name: 'Users' })).getAllByRole('listbox')).toHaveLength(4);

      await user.click(within(audit).getByRole('checkbox', { name: 'Add additional emails to the distribution list' }));
      const domains = within(audit).getByRole('textbox', { name: 'Domains' });
      await user.type(domains, 'demo.test{Enter}bad domain');
      expect(descriptionOf(domains)).toBe('One per line, for example example.org. bad domain: Not a valid domain name (for example example.org).');
      await user.type(domains, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
      await user.type(within(audit).getByRole('textbox', { name: 'Additional email addresses' }), 'ops@partner.test');
      await user.click(within(audit).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Audit settings saved.')).not.toBeNull();
      expect(puts(server)).toEqual([
        [
          'POST',
          '/api/customer_group_audit_settings/north/',
          {
            is_audit_active: true,
            add_additional_emails_to_distribution_list: true,
            audit_domains: ['demo.test'],
            audit_additional_recipients: ['ops@partner.test'],
            imports_recipients: ['user-ada', 'user-sam'],
            children_media_recipients: ['user-olu'],
          },
        ],
      ]);
    });

    it('turning audit off saves only is_audit_active=false', async () => {
      const server = new FakeDatasetSettingsServer().withDataset('north', 'North Region', {}, {
        is_audit_active: true,
        add_additional_emails_to_distribution_list: false,
        audit_domains: [],
        audit_additional_recipients: [],
        media_recipients: ['user-ada'],
      });
      const { user } = renderEdit('/datasets/north/edit/audit', server);
      const audit = await form('Audit');
      const media = within(audit).getByRole('listbox', { name: 'Media (this dataset)' }) as HTMLSelectElement;
      expect(Array.from(media.selectedOptions, (option) => option.text)).toEqual(['ada@demo.test']);

      await user.click(within(audit).getByRole('checkbox', { name: 'Send audit reports' }));
      await user.click(within(audit).getByRole('button', { name: 'Save' }));

      expect(await findSnackbar('Audit settings saved.')).not.toBeNull();
      expect(puts(server)[0]![2]).toEqual({ is_audit_active: false, add_additional_emails_to_distribution_list: false, audit_domains: [], audit_additional_recipients: [] });
    });
  });
});
