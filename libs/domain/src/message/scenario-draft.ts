import type { DispatchType } from '../field/field-types';

/**
 * A message (scenario) as the builder composes it and the server keeps it (spec part 2 §3 "Scenario
 * (message) draft"), in the API's words. The server keeps the whole draft; a send (later) takes a
 * copy of it as it stands at that moment.
 */
export const SCENARIO_TYPES = ['broadcast', 'sequence', 'conference'] as const;
export type ScenarioType = (typeof SCENARIO_TYPES)[number];

/** Spec §3 "Recipient types"; the telephony criteria only with phone invocation. */
export const RECIPIENT_TYPES = ['everyone', 'user', 'group', 'on_call', 'select', 'multiselect', 'telephony_id', 'telephony_pin'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** The content channels of a device (SMS, voice call, email), as the draft's per-channel texts name them. */
export const MESSAGE_CHANNELS = ['sms', 'email', 'voice'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const LINK_CHANNELS = ['sms', 'email', 'teams', 'slack'] as const;
export type LinkChannel = (typeof LINK_CHANNELS)[number];

export const ATTACHMENT_SOURCES = ['media_library', 'local_device'] as const;
export type AttachmentSource = (typeof ATTACHMENT_SOURCES)[number];

export const QUICK_REPORT_TYPES = ['email', 'sms'] as const;
export type QuickReportType = (typeof QUICK_REPORT_TYPES)[number];

/** Spec §9: auto-retry 2 minutes; trigger_time 1 on a new draft and 0 after a reset. */
export const DEFAULT_AUTO_RETRY_MINUTES = 2;
export const DEFAULT_TRIGGER_TIME = 1;
export const RESET_TRIGGER_TIME = 0;

export const CHANNEL_OF_DISPATCH_TYPE: Readonly<Record<DispatchType, MessageChannel>> = { SMS: 'sms', VOICE: 'voice', EMAIL: 'email' };

/** A device of the message: one channel of one contact field (a combined phone field yields two). */
export interface ScenarioDevice {
  readonly dispatch_type: DispatchType;
  /** `<field id>:<dispatch type>`, see deviceId. */
  readonly id: string;
  readonly label: string;
  readonly field_label: string;
  readonly field_id: string;
  /** The heading the content step shows above this device's channel. */
  readonly heading: string;
  /** Its place in a sequence (1 first). */
  readonly position: number;
}

export const deviceId = (fieldId: string, dispatchType: DispatchType) => `${fieldId}:${dispatchType}`;

export interface RecipientCriterion {
  readonly recipient_type: RecipientType;
  /** User ids, customer group ids, field option ids or telephony values; empty for everyone (and on_call: the whole organisation). */
  readonly recipient_value: readonly string[];
}

export interface RecipientSelection {
  readonly include: readonly RecipientCriterion[];
  readonly exclude: readonly RecipientCriterion[];
  /** One include criterion only. */
  readonly is_single_criteria: boolean;
  /** Several include criteria: a recipient meets all of them (true) or any (false). */
  readonly is_multiple_criteria_all: boolean;
  readonly is_exclude_recipients: boolean;
  /** Exclusions: a recipient is left out when they meet all of them (true) or any (false). */
  readonly is_exclude_recipients_all: boolean;
}

export interface ScenarioAttachment {
  readonly attachment_name: string;
  readonly id: string;
  readonly customer_group: string;
  readonly attachment_key: string;
  readonly attachment_source: AttachmentSource;
  readonly attachment_size: number;
}

export interface PollingOption {
  readonly option_digit: string;
  readonly option_text: string;
}

export interface ScenarioNoticeboard {
  readonly use_noticeboard: boolean;
  readonly noticeboard_number: string;
  readonly name: string;
  readonly language: string;
  readonly message: string;
  readonly default_noticeboard_message_voice: string;
}

export interface HolidayCheck {
  readonly check_holiday: boolean;
  readonly reschedule_holiday: boolean;
  readonly check_weekend: boolean;
  readonly reschedule_weekend: boolean;
  readonly country: string;
  readonly subdivision: string;
  readonly holiday_list: readonly { readonly date: string; readonly name: string }[];
}

export interface WebhookMessage {
  /** The Teams or Slack incoming-webhook addresses the message posts to. */
  readonly webhooks: readonly string[];
  readonly message: string;
}

export interface ScenarioDraft {
  // Settings
  readonly scenario_type: ScenarioType;
  readonly scenario_name: string;
  /** A short number that names the message for phone invocation ("" when none). */
  readonly scenario_message_id: string;
  /** A real message (true) or a test (false: "test mode"). */
  readonly is_real: boolean;
  readonly is_subset_scenario: boolean;
  readonly selected_language: string;
  readonly tts_voice: string;
  readonly is_dashboard: boolean;
  readonly is_phone_invoke: boolean;
  readonly is_incident_manager: boolean;
  readonly is_email_invoke: boolean;
  // Recipients
  readonly recipients: RecipientSelection;
  // Devices
  readonly select_all_devices: boolean;
  readonly devices: readonly ScenarioDevice[];
  readonly email_subject_line: string;
  readonly use_microsoft_teams: boolean;
  readonly use_slack: boolean;
  readonly use_pwa: boolean;
  // Sequence (and conference)
  readonly sequence_time: number;
  readonly use_conference_recall: boolean;
  readonly conference_bridge_intro: string;
  readonly amd_conference: boolean;
  // Content
  readonly message: Readonly<Record<MessageChannel, string>>;
  /** What an answering machine hears. */
  readonly message_text: string;
  readonly polling_options: readonly PollingOption[];
  /** Seconds a poll stays open (0: until the message times out). */
  readonly polling_timeout: number;
  /** One text for every channel: the SMS text is also sent by email and spoken. */
  readonly global_message: boolean;
  readonly auto_retry: boolean;
  readonly auto_retry_minutes: number;
  readonly sms_two_way_link: boolean;
  readonly include_links: Readonly<Record<LinkChannel, boolean>>;
  /** Per channel, and `shared`: files linked from both the SMS and the email. */
  readonly attachments: Readonly<{ sms: readonly ScenarioAttachment[]; email: readonly ScenarioAttachment[]; shared: readonly ScenarioAttachment[] }>;
  readonly removed_media_library_files: readonly string[];
  readonly teams: WebhookMessage;
  readonly slack: WebhookMessage;
  readonly pwa: Readonly<{ title: string; message: string }>;
  // Noticeboard
  readonly noticeboard: ScenarioNoticeboard;
  // Trigger
  /** Minutes after this message's send that triggered_scenario starts. */
  readonly trigger_time: number;
  readonly triggered_scenario: string | null;
  readonly holiday: HolidayCheck;
  // Finish
  readonly quick_report: Readonly<{ send_quick_report: boolean; recipients: readonly string[]; type: QuickReportType }>;
}

export const EMPTY_RECIPIENTS: RecipientSelection = {
  include: [],
  exclude: [],
  is_single_criteria: true,
  is_multiple_criteria_all: false,
  is_exclude_recipients: false,
  is_exclude_recipients_all: false,
};

/** A new message (spec §4 "Reset defaults", and §9's constants); tts_voice follows the group's default. */
export function newScenarioDraft(defaults: { readonly ttsVoice: string; readonly language: string }): ScenarioDraft {
  return {
    scenario_type: 'broadcast',
    scenario_name: '',
    scenario_message_id: '',
    is_real: false,
    is_subset_scenario: false,
    selected_language: defaults.language,
    tts_voice: defaults.ttsVoice,
    is_dashboard: true,
    is_phone_invoke: false,
    is_incident_manager: false,
    is_email_invoke: false,
    recipients: EMPTY_RECIPIENTS,
    select_all_devices: true,
    devices: [],
    email_subject_line: '',
    use_microsoft_teams: false,
    use_slack: false,
    use_pwa: false,
    sequence_time: 5,
    use_conference_recall: false,
    conference_bridge_intro: '',
    amd_conference: false,
    message: { sms: '', email: '', voice: '' },
    message_text: '',
    polling_options: [],
    polling_timeout: 0,
    global_message: false,
    auto_retry: false,
    auto_retry_minutes: DEFAULT_AUTO_RETRY_MINUTES,
    sms_two_way_link: false,
    include_links: { sms: false, email: false, teams: false, slack: false },
    attachments: { sms: [], email: [], shared: [] },
    removed_media_library_files: [],
    teams: { webhooks: [], message: '' },
    slack: { webhooks: [], message: '' },
    pwa: { title: '', message: '' },
    noticeboard: { use_noticeboard: false, noticeboard_number: '', name: '', language: defaults.language, message: '', default_noticeboard_message_voice: defaults.ttsVoice },
    trigger_time: DEFAULT_TRIGGER_TIME,
    triggered_scenario: null,
    holiday: { check_holiday: false, reschedule_holiday: false, check_weekend: false, reschedule_weekend: false, country: '', subdivision: '', holiday_list: [] },
    quick_report: { send_quick_report: false, recipients: [], type: 'email' },
  };
}

/**
 * The builder's tabs (spec §2) and the draft fields each one edits: a change to a tab's fields is one
 * event, so the activity log says which part of a message changed.
 */
export const SCENARIO_SECTIONS = {
  settings: [
    'scenario_type',
    'scenario_name',
    'scenario_message_id',
    'is_real',
    'is_subset_scenario',
    'selected_language',
    'tts_voice',
    'is_dashboard',
    'is_phone_invoke',
    'is_incident_manager',
    'is_email_invoke',
  ],
  recipients: ['recipients'],
  devices: ['select_all_devices', 'devices', 'email_subject_line', 'use_microsoft_teams', 'use_slack', 'use_pwa'],
  sequence: ['sequence_time', 'use_conference_recall', 'conference_bridge_intro', 'amd_conference'],
  content: [
    'message',
    'message_text',
    'polling_options',
    'polling_timeout',
    'global_message',
    'auto_retry',
    'auto_retry_minutes',
    'sms_two_way_link',
    'include_links',
    'attachments',
    'removed_media_library_files',
    'teams',
    'slack',
    'pwa',
  ],
  noticeboard: ['noticeboard'],
  trigger: ['trigger_time', 'triggered_scenario', 'holiday'],
  finish: ['quick_report'],
} as const satisfies Record<string, readonly (keyof ScenarioDraft)[]>;
export type ScenarioSection = keyof typeof SCENARIO_SECTIONS;
export const SCENARIO_SECTION_NAMES = Object.keys(SCENARIO_SECTIONS) as ScenarioSection[];

/** Spec §2: the error keys of each builder tab; a tab with errors among its keys is flagged. */
export const SCENARIO_ERROR_KEYS = {
  settings: ['name', 'message_id', 'language'],
  recipients: ['recipients'],
  devices: ['devices', 'subject_line'],
  sequence: ['sequence_settings'],
  content: ['message_forms', 'polling'],
  noticeboard: ['noticeboard'],
  trigger: ['trigger'],
  finish: ['message_notification'],
} as const satisfies Record<ScenarioSection, readonly string[]>;
export type ScenarioErrorKey = (typeof SCENARIO_ERROR_KEYS)[ScenarioSection][number];

/** The tabs whose error keys hold messages. */
export function sectionsWithErrors(errors: Readonly<Record<string, unknown>>): ScenarioSection[] {
  return SCENARIO_SECTION_NAMES.filter((section) => SCENARIO_ERROR_KEYS[section].some((key) => Object.hasOwn(errors, key)));
}
