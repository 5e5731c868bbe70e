import { FieldMessages } from '../incident-settings/incident-settings.input';
import type { RootPermission } from '../shared/permissions';
import { BLANK, tooLong } from '../shared/field-messages';
import type { ContactFieldType } from '../field/field-types';
import { activeChannels } from './scenario-transitions';
import { isMessageLanguage, isVoiceOf } from './voices';
import { attachmentErrors, type RecordedUpload } from './scenario-attachments';
import { COUNTRY_REQUIRED, holidayRegionOf } from './holiday-check';
import { DomainError } from '../shared/domain-errors';
import { RECIPIENT_TYPE_LABELS } from './translations';
import type { RecipientCriterion, ScenarioDraft, ScenarioErrorKey } from './scenario-draft';

/**
 * What a draft must satisfy to be kept (spec part 2 §3, §5 and §6), with every message filed under
 * the builder's error key of the tab it belongs to (§2), so the console flags that tab.
 */
export const SCENARIO_NAME_MAX_LENGTH = 100;
export const SCENARIO_MESSAGE_ID_PATTERN = /^\d{1,10}$/;
export const EMAIL_SUBJECT_MAX_LENGTH = 255;
/** Twilio and most SMS providers refuse a text above 1600 characters; the threshold warning comes far earlier. */
export const SMS_TEXT_MAX_LENGTH = 1600;
export const VOICE_TEXT_MAX_LENGTH = 3000;
export const EMAIL_TEXT_MAX_LENGTH = 100_000;
export const SHORT_TEXT_MAX_LENGTH = 1000;
export const WEBHOOK_TEXT_MAX_LENGTH = 4000;
export const POLLING_OPTIONS_MAX = 9;
export const POLLING_OPTION_TEXT_MAX_LENGTH = 160;
export const SEQUENCE_TIME_MAX_MINUTES = 1440;
export const AUTO_RETRY_MINUTES_MAX = 1440;
export const TRIGGER_TIME_MAX_MINUTES = 1440;
export const POLLING_TIMEOUT_MAX_SECONDS = 604_800;

export const NAME_DUPLICATE = 'A message with this name already exists.';
export const MESSAGE_ID_INVALID = 'A message ID is 1 to 10 digits.';
export const MESSAGE_ID_REQUIRED = 'A message invoked by phone needs a message ID.';
export const MESSAGE_ID_DUPLICATE = 'Another message already has this message ID.';
export const LANGUAGE_UNKNOWN = 'Not a language messages can be spoken in.';
export const VOICE_NOT_OF_LANGUAGE = 'This voice does not speak the chosen language.';
export const NO_RECIPIENTS = 'Choose who receives the message.';
export const ONE_CRITERION_ONLY = 'A single criterion was chosen: keep one, or combine several with all or any.';
export const NO_VALUES = 'Choose at least one value for this criterion.';
export const GROUP_TYPE_NEEDS_GROUPS = 'Datasets can be chosen only where there is more than one customer group.';
export const TELEPHONY_NEEDS_PHONE_INVOKE = 'Telephony ID and PIN criteria are for messages invoked by phone.';
export const NO_DEVICES = 'Choose at least one device.';
export const SUBJECT_REQUIRED = 'An email needs a subject line.';
export const CONFERENCE_NEEDS_VOICE = 'A conference calls people: choose a voice device.';
export const SEQUENCE_TIME_INVALID = `Minutes between devices: a whole number from 1 to ${SEQUENCE_TIME_MAX_MINUTES}.`;
export const POLLING_DIGIT_INVALID = 'Each polling option needs a digit from 0 to 9, used once.';
export const POLLING_TEXT_REQUIRED = 'Each polling option needs a text.';
export const AUTO_RETRY_INVALID = `Minutes before a retry: a whole number from 1 to ${AUTO_RETRY_MINUTES_MAX}.`;
export const NOTICEBOARD_NUMBER_UNKNOWN = 'Not one of the noticeboard numbers of this customer group.';
export const TRIGGER_UNKNOWN = 'The message to trigger does not exist.';
export const TRIGGER_SELF = 'A message cannot trigger itself.';
export const WEBHOOK_INVALID = 'A webhook is an https address.';
export const unknownDevice = (id: string) => `"${id}" is not a device of this customer group.`;
export const unknownValue = (label: string, value: string) => `${label}: "${value}" is not one this customer group has.`;
export const needsPermission = (permission: RootPermission) => `Your organisation does not have the "${permission}" feature.`;
export const emptyText = (channel: string) => `${channel} content may not be blank.`;
export const textTooLong = (channel: string, max: number) => `${channel} content is longer than ${max} characters.`;

/** What the server knows of the message's customer group and organisation when it checks a draft. */
export interface ScenarioCatalogue {
  readonly rootPermissions: readonly string[];
  /** How many customer groups the caller reaches (the Datasets type needs more than one). */
  readonly groupCount: number;
  /** Of the customer groups the draft names, those the caller reaches. */
  readonly groupIds: ReadonlySet<string>;
  /** Device ids (`<field id>:<dispatch type>`) the group's contact fields yield. */
  readonly deviceIds: ReadonlySet<string>;
  /** Users the caller reaches. */
  readonly userIds: ReadonlySet<string>;
  /** Options of select fields the group offers, with their field's type. */
  readonly options: ReadonlyMap<string, ContactFieldType>;
  readonly noticeboardNumbers: readonly string[];
  /** Messages of the organisation (the trigger step names one). */
  readonly scenarioIds: ReadonlySet<string>;
  /** The organisation's recorded uploads among the keys the draft's attachments name. */
  readonly uploads: ReadonlyMap<string, RecordedUpload>;
  readonly nameTaken: boolean;
  readonly messageIdTaken: boolean;
}

type Messages = FieldMessages & { add(field: ScenarioErrorKey, message: string): void };

const has = (catalogue: ScenarioCatalogue, permission: RootPermission) => catalogue.rootPermissions.includes(permission);

const labelOf = (type: RecipientCriterion['recipient_type']) => RECIPIENT_TYPE_LABELS.find((entry) => entry.value === type)?.label ?? type;

function checkCriterion(messages: Messages, criterion: RecipientCriterion, draft: ScenarioDraft, catalogue: ScenarioCatalogue): void {
  const label = labelOf(criterion.recipient_type);
  const values = criterion.recipient_value;
  switch (criterion.recipient_type) {
    case 'everyone':
      return;
    case 'on_call':
      if (!has(catalogue, 'On Call core platform access')) messages.add('recipients', needsPermission('On Call core platform access'));
      for (const id of values) if (!catalogue.groupIds.has(id)) messages.add('recipients', unknownValue(label, id));
      return;
    case 'group':
      if (catalogue.groupCount < 2) messages.add('recipients', GROUP_TYPE_NEEDS_GROUPS);
      break;
    case 'telephony_id':
    case 'telephony_pin':
      if (!draft.is_phone_invoke) messages.add('recipients', TELEPHONY_NEEDS_PHONE_INVOKE);
      if (values.some((value) => !/^\d{1,20}$/.test(value))) messages.add('recipients', `${label}: 1 to 20 digits.`);
      break;
  }
  if (!values.length) messages.add('recipients', `${label}: ${NO_VALUES}`);
  for (const value of values) {
    const known =
      criterion.recipient_type === 'user'
        ? catalogue.userIds.has(value)
        : criterion.recipient_type === 'group'
          ? catalogue.groupIds.has(value)
          : criterion.recipient_type === 'select'
            ? catalogue.options.get(value) === 'SINGLESELECT'
            : criterion.recipient_type === 'multiselect'
              ? catalogue.options.get(value) === 'MULTISELECT'
              : true;
    if (!known) messages.add('recipients', unknownValue(label, value));
  }
}

function checkText(messages: Messages, key: ScenarioErrorKey, channel: string, text: string, max: number, required: boolean): void {
  if (required && !text.trim()) messages.add(key, emptyText(channel));
  if (text.length > max) messages.add(key, textTooLong(channel, max));
}

const isWholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** Every problem of the draft, by error key; an empty object when it may be kept. */
export function scenarioErrors(draft: ScenarioDraft, catalogue: ScenarioCatalogue, scenarioId?: string): Record<string, string[]> {
  const messages = new FieldMessages() as Messages;

  // Settings
  const name = draft.scenario_name.trim();
  if (!name) messages.add('name', BLANK);
  else if (name.length > SCENARIO_NAME_MAX_LENGTH) messages.add('name', tooLong(SCENARIO_NAME_MAX_LENGTH));
  else if (catalogue.nameTaken) messages.add('name', NAME_DUPLICATE);
  if (draft.scenario_message_id && !SCENARIO_MESSAGE_ID_PATTERN.test(draft.scenario_message_id)) messages.add('message_id', MESSAGE_ID_INVALID);
  else if (draft.is_phone_invoke && !draft.scenario_message_id) messages.add('message_id', MESSAGE_ID_REQUIRED);
  else if (draft.scenario_message_id && catalogue.messageIdTaken) messages.add('message_id', MESSAGE_ID_DUPLICATE);
  if (draft.is_phone_invoke && !has(catalogue, 'Phone invoke')) messages.add('message_id', needsPermission('Phone invoke'));
  if (draft.is_subset_scenario && !has(catalogue, 'Allow Subset')) messages.add('name', needsPermission('Allow Subset'));
  if (!isMessageLanguage(draft.selected_language)) messages.add('language', LANGUAGE_UNKNOWN);
  else if (!isVoiceOf(draft.selected_language, draft.tts_voice)) messages.add('language', VOICE_NOT_OF_LANGUAGE);

  // Recipients
  const { recipients } = draft;
  if (!recipients.include.length) messages.add('recipients', NO_RECIPIENTS);
  if (recipients.is_single_criteria && recipients.include.length > 1) messages.add('recipients', ONE_CRITERION_ONLY);
  for (const criterion of recipients.include) checkCriterion(messages, criterion, draft, catalogue);
  if (recipients.is_exclude_recipients) for (const criterion of recipients.exclude) checkCriterion(messages, criterion, draft, catalogue);

  // Devices
  const active = activeChannels(draft.devices);
  const channelsInUse = draft.devices.length + Number(draft.use_microsoft_teams) + Number(draft.use_slack) + Number(draft.use_pwa);
  if (!channelsInUse) messages.add('devices', NO_DEVICES);
  const seen = new Set<string>();
  for (const device of draft.devices) {
    if (!catalogue.deviceIds.has(device.id) || !device.id.endsWith(`:${device.dispatch_type}`)) messages.add('devices', unknownDevice(device.id));
    if (seen.has(device.id)) messages.add('devices', `"${device.id}" is chosen twice.`);
    seen.add(device.id);
  }
  if (active.has('voice') && !has(catalogue, 'Voice')) messages.add('devices', needsPermission('Voice'));
  if (active.has('voice') && draft.scenario_type === 'conference' && !has(catalogue, 'Conference bridge'))
    messages.add('devices', needsPermission('Conference bridge'));
  if (active.has('sms') && !has(catalogue, 'SMS')) messages.add('devices', needsPermission('SMS'));
  if (draft.scenario_type === 'conference' && !active.has('voice')) messages.add('devices', CONFERENCE_NEEDS_VOICE);
  if (draft.use_microsoft_teams && !has(catalogue, 'Use Microsoft Teams')) messages.add('devices', needsPermission('Use Microsoft Teams'));
  if (draft.use_slack && !has(catalogue, 'Use Slack')) messages.add('devices', needsPermission('Use Slack'));
  if (active.has('email')) {
    if (!draft.email_subject_line.trim()) messages.add('subject_line', SUBJECT_REQUIRED);
    else if (draft.email_subject_line.length > EMAIL_SUBJECT_MAX_LENGTH) messages.add('subject_line', tooLong(EMAIL_SUBJECT_MAX_LENGTH));
  }

  // Sequence
  if (draft.scenario_type === 'sequence' && !isWholeIn(draft.sequence_time, 1, SEQUENCE_TIME_MAX_MINUTES))
    messages.add('sequence_settings', SEQUENCE_TIME_INVALID);
  if (draft.conference_bridge_intro.length > SHORT_TEXT_MAX_LENGTH) messages.add('sequence_settings', tooLong(SHORT_TEXT_MAX_LENGTH));

  // Content
  const global = draft.global_message;
  checkText(messages, 'message_forms', 'SMS', draft.message.sms, SMS_TEXT_MAX_LENGTH, active.has('sms') || (global && active.size > 0));
  checkText(messages, 'message_forms', 'Email', draft.message.email, EMAIL_TEXT_MAX_LENGTH, active.has('email') && !global);
  checkText(messages, 'message_forms', 'Voice', draft.message.voice, VOICE_TEXT_MAX_LENGTH, active.has('voice') && !global);
  checkText(messages, 'message_forms', 'Answering machine', draft.message_text, SHORT_TEXT_MAX_LENGTH, false);
  for (const [channel, used, content] of [
    ['Microsoft Teams', draft.use_microsoft_teams, draft.teams],
    ['Slack', draft.use_slack, draft.slack],
  ] as const) {
    if (!used) continue;
    checkText(messages, 'message_forms', channel, content.message, WEBHOOK_TEXT_MAX_LENGTH, true);
    if (!content.webhooks.length) messages.add('message_forms', `${channel}: choose at least one webhook.`);
    if (content.webhooks.some((hook) => !/^https:\/\/[^\s/]+\/\S*$/.test(hook))) messages.add('message_forms', `${channel}: ${WEBHOOK_INVALID}`);
  }
  if (draft.use_pwa) checkText(messages, 'message_forms', 'Push', draft.pwa.message, SHORT_TEXT_MAX_LENGTH, true);
  if (draft.pwa.title.length > EMAIL_SUBJECT_MAX_LENGTH) messages.add('message_forms', tooLong(EMAIL_SUBJECT_MAX_LENGTH));
  for (const problem of attachmentErrors(draft, catalogue.uploads)) messages.add('message_forms', problem);
  if (draft.sms_two_way_link && !has(catalogue, 'SMS links for 2 way messages')) messages.add('message_forms', needsPermission('SMS links for 2 way messages'));

  // Polling
  const digits = draft.polling_options.map((option) => option.option_digit);
  if (draft.polling_options.length > POLLING_OPTIONS_MAX) messages.add('polling', `At most ${POLLING_OPTIONS_MAX} polling options.`);
  if (digits.some((digit) => !/^\d$/.test(digit)) || new Set(digits).size !== digits.length) messages.add('polling', POLLING_DIGIT_INVALID);
  if (draft.polling_options.some((option) => !option.option_text.trim())) messages.add('polling', POLLING_TEXT_REQUIRED);
  if (draft.polling_options.some((option) => option.option_text.length > POLLING_OPTION_TEXT_MAX_LENGTH))
    messages.add('polling', tooLong(POLLING_OPTION_TEXT_MAX_LENGTH));
  if (!isWholeIn(draft.polling_timeout, 0, POLLING_TIMEOUT_MAX_SECONDS)) messages.add('polling', `A poll stays open 0 to ${POLLING_TIMEOUT_MAX_SECONDS} seconds.`);
  if (draft.auto_retry && !isWholeIn(draft.auto_retry_minutes, 1, AUTO_RETRY_MINUTES_MAX)) messages.add('polling', AUTO_RETRY_INVALID);

  // Noticeboard
  const board = draft.noticeboard;
  if (board.use_noticeboard) {
    if (!has(catalogue, 'Audio noticeboard')) messages.add('noticeboard', needsPermission('Audio noticeboard'));
    if (!catalogue.noticeboardNumbers.includes(board.noticeboard_number)) messages.add('noticeboard', NOTICEBOARD_NUMBER_UNKNOWN);
    checkText(messages, 'noticeboard', 'Noticeboard', board.message, SHORT_TEXT_MAX_LENGTH, true);
  }

  // Trigger
  if (!isWholeIn(draft.trigger_time, 0, TRIGGER_TIME_MAX_MINUTES)) messages.add('trigger', `A trigger time is 0 to ${TRIGGER_TIME_MAX_MINUTES} minutes.`);
  if (draft.triggered_scenario !== null) {
    if (scenarioId !== undefined && draft.triggered_scenario === scenarioId) messages.add('trigger', TRIGGER_SELF);
    else if (!catalogue.scenarioIds.has(draft.triggered_scenario)) messages.add('trigger', TRIGGER_UNKNOWN);
  }

  const holiday = draft.holiday;
  if (holiday.check_holiday && !holiday.country) messages.add('trigger', COUNTRY_REQUIRED);
  else if (holiday.country) {
    try {
      holidayRegionOf(holiday.country, holiday.subdivision);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      for (const problem of Object.values(error.fields).flat()) messages.add('trigger', problem);
    }
  }

  // Finish
  const report = draft.quick_report;
  if (report.send_quick_report) {
    if (report.type === 'sms' && !has(catalogue, 'SMS quick reports')) messages.add('message_notification', needsPermission('SMS quick reports'));
    if (!report.recipients.length) messages.add('message_notification', 'Choose who receives the quick report.');
    for (const id of report.recipients) if (!catalogue.userIds.has(id)) messages.add('message_notification', unknownValue('Quick report', id));
  }

  return messages.fields;
}
