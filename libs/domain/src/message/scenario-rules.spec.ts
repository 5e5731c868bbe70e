import { describe, expect, it } from '@jest/globals';
import type { DispatchType } from '../field/field-types';
import { BLANK, tooLong } from '../shared/field-messages';
import type { RootPermission } from '../shared/permissions';
import { EMPTY_RECIPIENTS, deviceId, newScenarioDraft, sectionsWithErrors, type RecipientCriterion, type ScenarioDevice, type ScenarioDraft } from './scenario-draft';
import {
  AUTO_RETRY_INVALID,
  CONFERENCE_NEEDS_VOICE,
  GROUP_TYPE_NEEDS_GROUPS,
  LANGUAGE_UNKNOWN,
  MESSAGE_ID_DUPLICATE,
  MESSAGE_ID_INVALID,
  MESSAGE_ID_REQUIRED,
  NAME_DUPLICATE,
  NOTICEBOARD_NUMBER_UNKNOWN,
  NO_DEVICES,
  NO_RECIPIENTS,
  NO_VALUES,
  ONE_CRITERION_ONLY,
  POLLING_DIGIT_INVALID,
  POLLING_TEXT_REQUIRED,
  SEQUENCE_TIME_INVALID,
  SUBJECT_REQUIRED,
  TELEPHONY_NEEDS_PHONE_INVOKE,
  TRIGGER_SELF,
  TRIGGER_UNKNOWN,
  VOICE_NOT_OF_LANGUAGE,
  WEBHOOK_INVALID,
  emptyText,
  needsPermission,
  scenarioErrors,
  textTooLong,
  unknownDevice,
  unknownValue,
  type ScenarioCatalogue,
} from './scenario-rules';

/** Spec part 2 §3, §5, §6: what a message must satisfy to be kept, each message under its tab's error key (§2). */

const device = (fieldId: string, dispatch_type: DispatchType): ScenarioDevice => ({
  dispatch_type,
  id: deviceId(fieldId, dispatch_type),
  label: `${fieldId} (${dispatch_type})`,
  field_label: fieldId,
  field_id: fieldId,
  heading: dispatch_type,
  position: 1,
});
const sms = device('f1', 'SMS');
const voice = device('f1', 'VOICE');
const email = device('f2', 'EMAIL');

const everyone: RecipientCriterion = { recipient_type: 'everyone', recipient_value: [] };
const criterion = (recipient_type: RecipientCriterion['recipient_type'], ...recipient_value: string[]): RecipientCriterion => ({
  recipient_type,
  recipient_value,
});
const including = (...include: RecipientCriterion[]) => ({ recipients: { ...EMPTY_RECIPIENTS, include } });

/** A test SMS to everyone: the smallest message that may be kept. */
const valid: ScenarioDraft = {
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_name: 'Fire drill',
  ...including(everyone),
  devices: [sms],
  message: { sms: 'Leave by the stairs', email: '', voice: '' },
};

const catalogue: ScenarioCatalogue = {
  rootPermissions: ['SMS'],
  groupCount: 1,
  groupIds: new Set(['g1']),
  deviceIds: new Set([sms.id, voice.id, email.id]),
  userIds: new Set(['u1', 'u2']),
  options: new Map([
    ['o1', 'SINGLESELECT'],
    ['o2', 'MULTISELECT'],
  ]),
  noticeboardNumbers: ['+441130000001'],
  scenarioIds: new Set(['s2']),
  uploads: new Map(),
  nameTaken: false,
  messageIdTaken: false,
};

const allowing = (...permissions: RootPermission[]): Partial<ScenarioCatalogue> => ({ rootPermissions: ['SMS', ...permissions] });
const phoneInvoked: Partial<ScenarioDraft> = { is_phone_invoke: true, scenario_message_id: '42' };
const teams = { use_microsoft_teams: true, teams: { webhooks: ['https://example.webhook.office.com/hook/1'], message: 'Fire drill at 10' } };
const slack = { use_slack: true, slack: { webhooks: ['https://hooks.slack.com/services/T1/B1/x'], message: 'Fire drill at 10' } };
const allVoice = { devices: [voice], message: { sms: '', email: '', voice: 'Please leave the building.' } };
const withEmail = { devices: [sms, email], email_subject_line: 'Fire drill', message: { ...valid.message, email: 'Leave by the stairs.' } };
const polls = (...options: [string, string][]) => ({ polling_options: options.map(([option_digit, option_text]) => ({ option_digit, option_text })) });
const board = (changes: Partial<ScenarioDraft['noticeboard']>) => ({
  noticeboard: { ...valid.noticeboard, use_noticeboard: true, noticeboard_number: '+441130000001', message: 'The site is closed today.', ...changes },
});
const report = (changes: Partial<ScenarioDraft['quick_report']>) => ({ quick_report: { send_quick_report: true, recipients: ['u1'], type: 'email' as const, ...changes } });

const errorsOf = (draft: Partial<ScenarioDraft>, known: Partial<ScenarioCatalogue> = {}, scenarioId = 's1') =>
  scenarioErrors({ ...valid, ...draft }, { ...catalogue, ...known }, scenarioId);

type Row = [string, Partial<ScenarioDraft>, Partial<ScenarioCatalogue>, Record<string, string[]>];

describe('a valid message', () => {
  it('given a test SMS to everyone, when it is checked, then it answers no problem', () => {
    expect(scenarioErrors(valid, catalogue, 's1')).toEqual({});
    expect(scenarioErrors(valid, catalogue)).toEqual({});
  });

  it.each<[string, Partial<ScenarioDraft>, Partial<ScenarioCatalogue>]>([
    ['a name of exactly 100 characters', { scenario_name: 'x'.repeat(100) }, {}],
    ['a name of 100 characters between spaces', { scenario_name: ` ${'x'.repeat(100)} ` }, {}],
    ['a message ID of 10 digits', { scenario_message_id: '0123456789' }, {}],
    ['a phone-invoked message with its ID and permission', phoneInvoked, allowing('Phone invoke')],
    ['a subset test with Allow Subset', { is_subset_scenario: true }, allowing('Allow Subset')],
    ['another language with one of its voices', { selected_language: 'fr-FR', tts_voice: 'Lea' }, {}],
    ['several criteria combined', { recipients: { ...EMPTY_RECIPIENTS, include: [everyone, criterion('user', 'u1')], is_single_criteria: false } }, {}],
    ['individuals the caller reaches', including(criterion('user', 'u1', 'u2')), {}],
    ['datasets with more than one group', including(criterion('group', 'g1', 'g2')), { groupCount: 2, groupIds: new Set(['g1', 'g2']) }],
    ['everyone on call, with the permission', including(criterion('on_call')), allowing('On Call core platform access')],
    ['those on call in a group, with the permission', including(criterion('on_call', 'g1')), allowing('On Call core platform access')],
    ['a select option', including(criterion('select', 'o1')), {}],
    ['a multiselect option', including(criterion('multiselect', 'o2')), {}],
    ['telephony IDs and PINs with phone invoke', { ...phoneInvoked, recipients: { ...EMPTY_RECIPIENTS, include: [criterion('telephony_id', '1234'), criterion('telephony_pin', '0000')], is_single_criteria: false } }, allowing('Phone invoke')],
    ['exclusions left unchecked while off', { recipients: { ...EMPTY_RECIPIENTS, include: [everyone], exclude: [criterion('user', 'u9')] } }, {}],
    ['known exclusions', { recipients: { ...EMPTY_RECIPIENTS, include: [everyone], is_exclude_recipients: true, exclude: [criterion('user', 'u2')] } }, {}],
    ['Teams alone, with the permission', { ...teams, devices: [], message: { sms: '', email: '', voice: '' } }, allowing('Use Microsoft Teams')],
    ['Slack beside SMS, with the permission', slack, allowing('Use Slack')],
    ['push alone', { use_pwa: true, pwa: { title: 'Drill', message: 'Leave now' }, devices: [] }, {}],
    ['voice with the permission', allVoice, allowing('Voice')],
    ['a conference call with Voice and Conference bridge', { ...allVoice, scenario_type: 'conference' }, allowing('Voice', 'Conference bridge')],
    ['email with a subject line of 255 characters', { ...withEmail, email_subject_line: 's'.repeat(255) }, {}],
    ['a subject line kept without an email device', { email_subject_line: 'Fire drill' }, {}],
    ['a sequence 1 minute apart', { scenario_type: 'sequence', sequence_time: 1 }, {}],
    ['a sequence 1440 minutes apart', { scenario_type: 'sequence', sequence_time: 1440 }, {}],
    ['a broadcast with a sequence time it does not use', { sequence_time: 0 }, {}],
    ['an SMS of exactly 1600 characters', { message: { ...valid.message, sms: 'x'.repeat(1600) } }, {}],
    ['a voice text of exactly 3000 characters', { ...allVoice, message: { sms: '', email: '', voice: 'x'.repeat(3000) } }, allowing('Voice')],
    ['one text for every channel, held by the SMS', { devices: [sms, voice, email], email_subject_line: 'Drill', global_message: true }, allowing('Voice')],
    ['the two-way link with its permission', { sms_two_way_link: true }, allowing('SMS links for 2 way messages')],
    ['nine polling options 1 to 9', polls(...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit): [string, string] => [String(digit), `Option ${digit}`])), {}],
    ['a polling option 0 of 160 characters', polls(['0', 'x'.repeat(160)]), {}],
    ['a poll open 7 days', { polling_timeout: 604_800 }, {}],
    ['auto-retry after 1440 minutes', { auto_retry: true, auto_retry_minutes: 1440 }, {}],
    ['auto-retry minutes unused while auto-retry is off', { auto_retry: false, auto_retry_minutes: 0 }, {}],
    ['a noticeboard with its permission', board({}), allowing('Audio noticeboard')],
    ['a trigger 1440 minutes later', { trigger_time: 1440, triggered_scenario: 's2' }, {}],
    ['no trigger at a time of 0', { trigger_time: 0 }, {}],
    ['an email quick report to known users', report({ recipients: ['u1', 'u2'] }), {}],
    ['an SMS quick report with its permission', report({ type: 'sms' }), allowing('SMS quick reports')],
  ])('given %s, when it is checked, then it answers no problem', (_case, draft, known) => {
    expect(errorsOf(draft, known)).toEqual({});
  });
});

describe('the problems of a message, by error key', () => {
  describe('settings', () => {
    it.each<Row>([
      ['a blank name', { scenario_name: '   ' }, {}, { name: [BLANK] }],
      ['a name over 100 characters', { scenario_name: 'x'.repeat(101) }, {}, { name: [tooLong(100)] }],
      ['a name another message has', {}, { nameTaken: true }, { name: [NAME_DUPLICATE] }],
      ['a blank name, whatever the name check said', { scenario_name: '' }, { nameTaken: true }, { name: [BLANK] }],
      ['a message ID with a letter', { scenario_message_id: '4a' }, {}, { message_id: [MESSAGE_ID_INVALID] }],
      ['a message ID of 11 digits', { scenario_message_id: '01234567890' }, {}, { message_id: [MESSAGE_ID_INVALID] }],
      ['a message ID with spaces', { scenario_message_id: ' 42' }, {}, { message_id: [MESSAGE_ID_INVALID] }],
      ['phone invoke without a message ID', { is_phone_invoke: true }, allowing('Phone invoke'), { message_id: [MESSAGE_ID_REQUIRED] }],
      ['a message ID another message has', { scenario_message_id: '42' }, { messageIdTaken: true }, { message_id: [MESSAGE_ID_DUPLICATE] }],
      ['an invalid message ID, whatever the ID check said', { scenario_message_id: 'x' }, { messageIdTaken: true }, { message_id: [MESSAGE_ID_INVALID] }],
      ['phone invoke without the permission', phoneInvoked, {}, { message_id: [needsPermission('Phone invoke')] }],
      [
        'phone invoke without an ID nor the permission',
        { is_phone_invoke: true },
        {},
        { message_id: [MESSAGE_ID_REQUIRED, needsPermission('Phone invoke')] },
      ],
      ['a subset test without Allow Subset', { is_subset_scenario: true }, {}, { name: [needsPermission('Allow Subset')] }],
      ['a language messages are not spoken in', { selected_language: 'xx-XX' }, {}, { language: [LANGUAGE_UNKNOWN] }],
      ['a voice of another language', { selected_language: 'fr-FR', tts_voice: 'Amy' }, {}, { language: [VOICE_NOT_OF_LANGUAGE] }],
      ['a voice no language has', { tts_voice: 'Nobody' }, {}, { language: [VOICE_NOT_OF_LANGUAGE] }],
    ])('given %s, then it answers the settings tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });
  });

  describe('recipients', () => {
    const single = (...include: RecipientCriterion[]) => including(...include);
    const excluding = (...exclude: RecipientCriterion[]) => ({ recipients: { ...EMPTY_RECIPIENTS, include: [everyone], is_exclude_recipients: true, exclude } });

    it.each<Row>([
      ['no recipients', single(), {}, { recipients: [NO_RECIPIENTS] }],
      ['a single criterion with two', single(everyone, criterion('user', 'u1')), {}, { recipients: [ONE_CRITERION_ONLY] }],
      ['individuals none of whom are chosen', single(criterion('user')), {}, { recipients: [`Individuals: ${NO_VALUES}`] }],
      ['an individual the caller does not reach', single(criterion('user', 'u1', 'u9')), {}, { recipients: [unknownValue('Individuals', 'u9')] }],
      ['datasets with only one group', single(criterion('group', 'g1')), {}, { recipients: [GROUP_TYPE_NEEDS_GROUPS] }],
      ['datasets the caller does not reach', single(criterion('group', 'g9')), { groupCount: 2 }, { recipients: [unknownValue('Datasets', 'g9')] }],
      ['datasets none of which are chosen', single(criterion('group')), { groupCount: 2 }, { recipients: [`Datasets: ${NO_VALUES}`] }],
      ['on call without the permission', single(criterion('on_call')), {}, { recipients: [needsPermission('On Call core platform access')] }],
      [
        'on call in a group the caller does not reach',
        single(criterion('on_call', 'g9')),
        allowing('On Call core platform access'),
        { recipients: [unknownValue('Currently On Call', 'g9')] },
      ],
      ['a telephony ID without phone invoke', single(criterion('telephony_id', '1234')), {}, { recipients: [TELEPHONY_NEEDS_PHONE_INVOKE] }],
      ['a telephony PIN without phone invoke', single(criterion('telephony_pin', '0000')), {}, { recipients: [TELEPHONY_NEEDS_PHONE_INVOKE] }],
      [
        'a telephony ID that is not digits',
        { ...phoneInvoked, ...single(criterion('telephony_id', '12a')) },
        allowing('Phone invoke'),
        { recipients: ['Telephony ID: 1 to 20 digits.'] },
      ],
      [
        'a telephony PIN of 21 digits',
        { ...phoneInvoked, ...single(criterion('telephony_pin', '1'.repeat(21))) },
        allowing('Phone invoke'),
        { recipients: ['Telephony PIN: 1 to 20 digits.'] },
      ],
      ['a telephony ID with no value', { ...phoneInvoked, ...single(criterion('telephony_id')) }, allowing('Phone invoke'), { recipients: [`Telephony ID: ${NO_VALUES}`] }],
      ['a select criterion with a multiselect option', single(criterion('select', 'o2')), {}, { recipients: [unknownValue('Select field', 'o2')] }],
      ['a multiselect criterion with a select option', single(criterion('multiselect', 'o1')), {}, { recipients: [unknownValue('Multiselect field', 'o1')] }],
      ['an option the group does not offer', single(criterion('select', 'o9')), {}, { recipients: [unknownValue('Select field', 'o9')] }],
      ['a select criterion with no option', single(criterion('select')), {}, { recipients: [`Select field: ${NO_VALUES}`] }],
      ['an exclusion of someone the caller does not reach', excluding(criterion('user', 'u9')), {}, { recipients: [unknownValue('Individuals', 'u9')] }],
      ['an exclusion of on call without the permission', excluding(criterion('on_call')), {}, { recipients: [needsPermission('On Call core platform access')] }],
    ])('given %s, then it answers the recipients tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });
  });

  describe('devices', () => {
    it.each<Row>([
      ['no device and no Teams, Slack or push', { devices: [] }, {}, { devices: [NO_DEVICES] }],
      ['a device the group does not have', { devices: [device('f9', 'SMS')] }, {}, { devices: [unknownDevice('f9:SMS')] }],
      ['a device whose id names another dispatch type', { devices: [{ ...voice, dispatch_type: 'SMS' }] }, {}, { devices: [unknownDevice('f1:VOICE')] }],
      ['a device chosen twice', { devices: [sms, sms] }, {}, { devices: ['"f1:SMS" is chosen twice.'] }],
      ['a voice device without Voice', allVoice, {}, { devices: [needsPermission('Voice')] }],
      [
        'a conference call without Conference bridge',
        { ...allVoice, scenario_type: 'conference' },
        allowing('Voice'),
        { devices: [needsPermission('Conference bridge')] },
      ],
      ['an SMS device without SMS', {}, { rootPermissions: [] }, { devices: [needsPermission('SMS')] }],
      ['a conference call without a voice device', { scenario_type: 'conference' }, {}, { devices: [CONFERENCE_NEEDS_VOICE] }],
      ['Teams without Use Microsoft Teams', teams, {}, { devices: [needsPermission('Use Microsoft Teams')] }],
      ['Slack without Use Slack', slack, {}, { devices: [needsPermission('Use Slack')] }],
      ['an email device without a subject line', { ...withEmail, email_subject_line: '  ' }, {}, { subject_line: [SUBJECT_REQUIRED] }],
      ['a subject line over 255 characters', { ...withEmail, email_subject_line: 's'.repeat(256) }, {}, { subject_line: [tooLong(255)] }],
    ])('given %s, then it answers the devices tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });
  });

  describe('sequence', () => {
    it.each<Row>([
      ['a sequence 0 minutes apart', { scenario_type: 'sequence', sequence_time: 0 }, {}, { sequence_settings: [SEQUENCE_TIME_INVALID] }],
      ['a sequence 1441 minutes apart', { scenario_type: 'sequence', sequence_time: 1441 }, {}, { sequence_settings: [SEQUENCE_TIME_INVALID] }],
      ['a sequence 1.5 minutes apart', { scenario_type: 'sequence', sequence_time: 1.5 }, {}, { sequence_settings: [SEQUENCE_TIME_INVALID] }],
      ['a conference bridge intro over 1000 characters', { conference_bridge_intro: 'x'.repeat(1001) }, {}, { sequence_settings: [tooLong(1000)] }],
    ])('given %s, then it answers the sequence tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });
  });

  describe('content', () => {
    const smsAnd = (channel: 'voice' | 'email', text: string) =>
      channel === 'voice'
        ? { devices: [sms, voice], message: { ...valid.message, voice: text } }
        : { ...withEmail, message: { ...valid.message, email: text } };

    it.each<Row>([
      ['a blank SMS text', { message: { ...valid.message, sms: ' ' } }, {}, { message_forms: [emptyText('SMS')] }],
      ['an SMS text over 1600 characters', { message: { ...valid.message, sms: 'x'.repeat(1601) } }, {}, { message_forms: [textTooLong('SMS', 1600)] }],
      ['a blank voice text', smsAnd('voice', ''), allowing('Voice'), { message_forms: [emptyText('Voice')] }],
      ['a voice text over 3000 characters', smsAnd('voice', 'x'.repeat(3001)), allowing('Voice'), { message_forms: [textTooLong('Voice', 3000)] }],
      ['a blank email text', smsAnd('email', ''), {}, { message_forms: [emptyText('Email')] }],
      ['an email text over 100000 characters', smsAnd('email', 'x'.repeat(100_001)), {}, { message_forms: [textTooLong('Email', 100_000)] }],
      [
        'one text for every channel, the SMS text blank, without an SMS device',
        { ...allVoice, global_message: true },
        allowing('Voice'),
        { message_forms: [emptyText('SMS')] },
      ],
      [
        'an answering-machine text over 1000 characters',
        { message_text: 'x'.repeat(1001) },
        {},
        { message_forms: [textTooLong('Answering machine', 1000)] },
      ],
      [
        'Teams with no webhook',
        { ...teams, teams: { ...teams.teams, webhooks: [] } },
        allowing('Use Microsoft Teams'),
        { message_forms: ['Microsoft Teams: choose at least one webhook.'] },
      ],
      [
        'a Teams webhook over http',
        { ...teams, teams: { ...teams.teams, webhooks: ['http://example.webhook.office.com/hook/1'] } },
        allowing('Use Microsoft Teams'),
        { message_forms: [`Microsoft Teams: ${WEBHOOK_INVALID}`] },
      ],
      [
        'a blank Teams message',
        { ...teams, teams: { ...teams.teams, message: ' ' } },
        allowing('Use Microsoft Teams'),
        { message_forms: [emptyText('Microsoft Teams')] },
      ],
      [
        'a Teams message over 4000 characters',
        { ...teams, teams: { ...teams.teams, message: 'x'.repeat(4001) } },
        allowing('Use Microsoft Teams'),
        { message_forms: [textTooLong('Microsoft Teams', 4000)] },
      ],
      ['Slack with no webhook', { ...slack, slack: { ...slack.slack, webhooks: [] } }, allowing('Use Slack'), { message_forms: ['Slack: choose at least one webhook.'] }],
      [
        'a Slack webhook that is not an address',
        { ...slack, slack: { ...slack.slack, webhooks: ['https://'] } },
        allowing('Use Slack'),
        { message_forms: [`Slack: ${WEBHOOK_INVALID}`] },
      ],
      ['a blank Slack message', { ...slack, slack: { ...slack.slack, message: '' } }, allowing('Use Slack'), { message_forms: [emptyText('Slack')] }],
      ['a blank push message', { use_pwa: true, pwa: { title: 'Drill', message: ' ' } }, {}, { message_forms: [emptyText('Push')] }],
      ['a push title over 255 characters', { use_pwa: true, pwa: { title: 't'.repeat(256), message: 'Go' } }, {}, { message_forms: [tooLong(255)] }],
      [
        'the two-way link without its permission',
        { sms_two_way_link: true },
        {},
        { message_forms: [needsPermission('SMS links for 2 way messages')] },
      ],
    ])('given %s, then it answers the content tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });

    it('given a Teams text unused, when Teams is off, then it is not checked', () => {
      expect(errorsOf({ teams: { webhooks: ['http://nowhere'], message: '' } })).toEqual({});
    });
  });

  describe('polling', () => {
    const ten = polls(...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit): [string, string] => [String(digit), `Option ${digit}`]));

    it.each<Row>([
      ['a digit used twice', polls(['1', 'Yes'], ['1', 'No']), {}, { polling: [POLLING_DIGIT_INVALID] }],
      ['a letter for a digit', polls(['a', 'Yes']), {}, { polling: [POLLING_DIGIT_INVALID] }],
      ['two digits', polls(['10', 'Yes']), {}, { polling: [POLLING_DIGIT_INVALID] }],
      ['no digit', polls(['', 'Yes']), {}, { polling: [POLLING_DIGIT_INVALID] }],
      ['an option without text', polls(['1', ' ']), {}, { polling: [POLLING_TEXT_REQUIRED] }],
      ['an option text over 160 characters', polls(['1', 'x'.repeat(161)]), {}, { polling: [tooLong(160)] }],
      ['ten options', ten, {}, { polling: ['At most 9 polling options.'] }],
      ['a poll timeout below 0', { polling_timeout: -1 }, {}, { polling: ['A poll stays open 0 to 604800 seconds.'] }],
      ['a poll timeout over 7 days', { polling_timeout: 604_801 }, {}, { polling: ['A poll stays open 0 to 604800 seconds.'] }],
      ['a poll timeout of a fraction of a second', { polling_timeout: 1.5 }, {}, { polling: ['A poll stays open 0 to 604800 seconds.'] }],
      ['auto-retry after 0 minutes', { auto_retry: true, auto_retry_minutes: 0 }, {}, { polling: [AUTO_RETRY_INVALID] }],
      ['auto-retry after 1441 minutes', { auto_retry: true, auto_retry_minutes: 1441 }, {}, { polling: [AUTO_RETRY_INVALID] }],
    ])('given %s, then it answers the polling key of the content tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });
  });

  describe('noticeboard', () => {
    it.each<Row>([
      ['a noticeboard without its permission', board({}), {}, { noticeboard: [needsPermission('Audio noticeboard')] }],
      ['a number the group does not have', board({ noticeboard_number: '+449990000000' }), allowing('Audio noticeboard'), { noticeboard: [NOTICEBOARD_NUMBER_UNKNOWN] }],
      ['a blank noticeboard message', board({ message: '  ' }), allowing('Audio noticeboard'), { noticeboard: [emptyText('Noticeboard')] }],
      [
        'a noticeboard message over 1000 characters',
        board({ message: 'x'.repeat(1001) }),
        allowing('Audio noticeboard'),
        { noticeboard: [textTooLong('Noticeboard', 1000)] },
      ],
    ])('given %s, then it answers the noticeboard tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });

    it('given a noticeboard not used, then what it holds is not checked', () => {
      expect(errorsOf({ noticeboard: { ...valid.noticeboard, noticeboard_number: 'nowhere', message: '' } })).toEqual({});
    });
  });

  describe('trigger', () => {
    it.each<Row>([
      ['a trigger time below 0', { trigger_time: -1 }, {}, { trigger: ['A trigger time is 0 to 1440 minutes.'] }],
      ['a trigger time over 1440 minutes', { trigger_time: 1441 }, {}, { trigger: ['A trigger time is 0 to 1440 minutes.'] }],
      ['a message that triggers itself', { triggered_scenario: 's1' }, {}, { trigger: [TRIGGER_SELF] }],
      ['a message that triggers one that does not exist', { triggered_scenario: 's9' }, {}, { trigger: [TRIGGER_UNKNOWN] }],
    ])('given %s, then it answers the trigger tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });

    it('given a message not yet kept, when it triggers a message it does not know, then the trigger is unknown', () => {
      expect(scenarioErrors({ ...valid, triggered_scenario: 's1' }, catalogue)).toEqual({ trigger: [TRIGGER_UNKNOWN] });
    });
  });

  describe('finish', () => {
    it.each<Row>([
      ['an SMS quick report without its permission', report({ type: 'sms' }), {}, { message_notification: [needsPermission('SMS quick reports')] }],
      ['a quick report to nobody', report({ recipients: [] }), {}, { message_notification: ['Choose who receives the quick report.'] }],
      ['a quick report to a user the caller does not reach', report({ recipients: ['u1', 'u9'] }), {}, { message_notification: [unknownValue('Quick report', 'u9')] }],
    ])('given %s, then it answers the finish tab', (_case, draft, known, errors) => {
      expect(errorsOf(draft, known)).toEqual(errors);
    });

    it('given no quick report, then its recipients are not checked', () => {
      expect(errorsOf({ quick_report: { send_quick_report: false, recipients: ['u9'], type: 'sms' } })).toEqual({});
    });
  });

  it('given problems on several tabs, when it is checked, then it answers all of them at once', () => {
    const errors = errorsOf({ scenario_name: '', ...including(), devices: [], scenario_type: 'sequence', sequence_time: 0, trigger_time: -1 });
    expect(errors).toEqual({
      name: [BLANK],
      recipients: [NO_RECIPIENTS],
      devices: [NO_DEVICES],
      sequence_settings: [SEQUENCE_TIME_INVALID],
      trigger: ['A trigger time is 0 to 1440 minutes.'],
    });
    expect(sectionsWithErrors(errors)).toEqual(['settings', 'recipients', 'devices', 'sequence', 'trigger']);
  });
});

describe('the tabs flagged by errors', () => {
  it.each<[Record<string, string[]>, string[]]>([
    [{}, []],
    [{ name: [BLANK] }, ['settings']],
    [{ message_id: ['x'] }, ['settings']],
    [{ language: ['x'] }, ['settings']],
    [{ recipients: ['x'] }, ['recipients']],
    [{ devices: ['x'] }, ['devices']],
    [{ subject_line: ['x'] }, ['devices']],
    [{ sequence_settings: ['x'] }, ['sequence']],
    [{ message_forms: ['x'] }, ['content']],
    [{ polling: ['x'] }, ['content']],
    [{ noticeboard: ['x'] }, ['noticeboard']],
    [{ trigger: ['x'] }, ['trigger']],
    [{ message_notification: ['x'] }, ['finish']],
    [{ message_notification: ['x'], polling: ['x'], name: ['x'], message_forms: ['x'] }, ['settings', 'content', 'finish']],
    [{ detail: ['x'] }, []],
  ])('given errors under %j, then the tabs %j are flagged, in the builder order', (errors, sections) => {
    expect(sectionsWithErrors(errors)).toEqual(sections);
  });
});
