/**
 * Messages (scenarios) and the builder's calls (scenario.routes.ts). The request schemas check the
 * shape and bound every size; the scenario decider (libs/domain/src/message) checks the rest and
 * answers its messages under the builder's error keys (spec part 2 §2), so the console flags the tab.
 */
import {
  ATTACHMENT_SOURCES,
  DISPATCH_TYPES,
  EMAIL_TEXT_MAX_LENGTH,
  LINK_CHANNELS,
  QUICK_REPORT_TYPES,
  RECIPIENT_TYPES,
  SCENARIO_TYPES,
  type ScenarioDraft,
} from '@beacon/domain';
import { z } from 'zod';
import type { SCENARIO_ROUTES } from '../routes/scenario.routes';
import { described, json, named, noContent, queryFlag, queryInteger, type ApiFeature } from './api-schema';

/** Bounds of the shape, generous beside the decider's own limits; a body is at most 1 MB anyway. */
export const SCENARIO_ID_MAX_LENGTH = 100;
const TEXT_MAX = EMAIL_TEXT_MAX_LENGTH;
const SHORT_MAX = 4000;
const LIST_MAX = 500;
const VALUES_MAX = 10_000;
export const SCENARIO_LIST_DEFAULT_PAGE_SIZE = 10;
export const SCENARIO_LIST_MAX_PAGE_SIZE = 100;
export const SCENARIO_ACTIVE_TABS = ['all', 'real', 'test'] as const;

const id = () => z.string().trim().min(1).max(SCENARIO_ID_MAX_LENGTH);
const text = (max = SHORT_MAX) => z.string().max(max);
const whole = () => z.number().int().min(0).max(10_000_000);

const DeviceSchema = named(
  'ScenarioDevice',
  z.object({
    dispatch_type: z.enum(DISPATCH_TYPES),
    id: described(id(), '`<field id>:<dispatch type>`: one of the devices the group\'s contact fields yield.'),
    label: text(200).default(''),
    field_label: text(200).default(''),
    field_id: id(),
    heading: text(200).default(''),
    position: z.number().int().min(0).max(LIST_MAX).default(0),
  }),
);

const CriterionSchema = named(
  'RecipientCriterion',
  z.object({
    recipient_type: z.enum(RECIPIENT_TYPES),
    recipient_value: described(
      z.array(id()).max(VALUES_MAX).default([]),
      'User ids (user), customer group ids (group, on_call), option ids (select, multiselect) or digits (telephony_id, telephony_pin); none for everyone.',
    ),
  }),
);

export const RecipientSelectionSchema = named(
  'RecipientSelection',
  z.object({
    include: z.array(CriterionSchema).max(LIST_MAX).default([]),
    exclude: z.array(CriterionSchema).max(LIST_MAX).default([]),
    is_single_criteria: z.boolean().default(true),
    is_multiple_criteria_all: described(z.boolean().default(false), 'Several criteria: all must hold (true) or any (false).'),
    is_exclude_recipients: z.boolean().default(false),
    is_exclude_recipients_all: described(z.boolean().default(false), 'Exclusions: all must hold (true) or any (false).'),
  }),
);

const AttachmentSchema = z.object({
  attachment_name: text(255),
  id: id(),
  customer_group: id(),
  attachment_key: text(500),
  attachment_source: z.enum(ATTACHMENT_SOURCES),
  attachment_size: whole(),
});

const WebhookMessageSchema = z.object({ webhooks: z.array(z.string().max(2000)).max(20).default([]), message: text().default('') });

/** Every field of a draft, each optional: what a request leaves out keeps its current (or default) value. */
export const draftShape = {
  scenario_type: z.enum(SCENARIO_TYPES),
  scenario_name: text(1000),
  scenario_message_id: text(100),
  is_real: described(z.boolean(), 'A real message (true) or a test (false).'),
  is_subset_scenario: z.boolean(),
  selected_language: text(20),
  tts_voice: text(100),
  is_dashboard: z.boolean(),
  is_phone_invoke: z.boolean(),
  is_incident_manager: z.boolean(),
  is_email_invoke: z.boolean(),
  recipients: RecipientSelectionSchema,
  select_all_devices: z.boolean(),
  devices: z.array(DeviceSchema).max(LIST_MAX),
  email_subject_line: text(1000),
  use_microsoft_teams: z.boolean(),
  use_slack: z.boolean(),
  use_pwa: z.boolean(),
  sequence_time: described(whole(), 'Minutes between the devices of a sequence.'),
  use_conference_recall: z.boolean(),
  conference_bridge_intro: text(),
  amd_conference: z.boolean(),
  message: z.object({ sms: text(TEXT_MAX).default(''), email: text(TEXT_MAX).default(''), voice: text(TEXT_MAX).default('') }),
  message_text: described(text(), 'What an answering machine hears.'),
  polling_options: z.array(z.object({ option_digit: text(10), option_text: text(1000) })).max(20),
  polling_timeout: whole(),
  global_message: z.boolean(),
  auto_retry: z.boolean(),
  auto_retry_minutes: whole(),
  sms_two_way_link: z.boolean(),
  include_links: z.object(Object.fromEntries(LINK_CHANNELS.map((channel) => [channel, z.boolean().default(false)])) as Record<(typeof LINK_CHANNELS)[number], z.ZodDefault<z.ZodBoolean>>),
  attachments: z.object({
    sms: z.array(AttachmentSchema).max(20).default([]),
    email: z.array(AttachmentSchema).max(20).default([]),
    shared: z.array(AttachmentSchema).max(20).default([]),
  }),
  removed_media_library_files: z.array(id()).max(LIST_MAX),
  teams: WebhookMessageSchema,
  slack: WebhookMessageSchema,
  pwa: z.object({ title: text(1000).default(''), message: text().default('') }),
  noticeboard: z.object({
    use_noticeboard: z.boolean().default(false),
    noticeboard_number: text(30).default(''),
    name: text(200).default(''),
    language: text(20).default(''),
    message: text().default(''),
    default_noticeboard_message_voice: text(100).default(''),
  }),
  trigger_time: described(whole(), 'Minutes after the send that triggered_scenario starts.'),
  triggered_scenario: id().nullable(),
  holiday: z.object({
    check_holiday: z.boolean().default(false),
    reschedule_holiday: z.boolean().default(false),
    check_weekend: z.boolean().default(false),
    reschedule_weekend: z.boolean().default(false),
    country: text(10).default(''),
    subdivision: text(20).default(''),
    holiday_list: z.array(z.object({ date: text(20), name: text(200) })).max(LIST_MAX).default([]),
  }),
  quick_report: z.object({
    send_quick_report: z.boolean().default(false),
    recipients: z.array(id()).max(LIST_MAX).default([]),
    type: z.enum(QUICK_REPORT_TYPES).default('email'),
  }),
} satisfies Record<keyof ScenarioDraft, z.ZodType>;

export const ScenarioDraftSchema = named('ScenarioDraft', z.object(draftShape), 'A message as the builder composes it (spec part 2 §3).');

/** The fields a request sends; the rest keep their value (create: the defaults of a new message). */
export type ScenarioDraftRequest = Partial<z.output<typeof ScenarioDraftSchema>>;

export const CreateScenarioRequestSchema = named(
  'CreateScenarioRequest',
  z.object({
    ...z.object(draftShape).partial().shape,
    customer_group: described(id().optional(), "The group the message belongs to: the caller's own (default) or one below it."),
  }),
);

export const ChangeScenarioRequestSchema = named('ChangeScenarioRequest', z.object(draftShape).partial());

export const ScenarioSchema = named(
  'Scenario',
  z.object({
    ...draftShape,
    id: z.string(),
    customer_group: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);

/** A message's session as its list entry shows it. */
export const ScenarioSessionSchema = named(
  'ScenarioSession',
  z.object({
    id: described(z.string(), 'The session (its run_result task id).'),
    status: described(
      z.enum(['scheduled', 'planning', 'sending', 'complete', 'cancelled', 'skipped', 'refused']),
      'scheduled, planning, sending, complete, cancelled, skipped (its holiday or weekend check found its day, without rescheduling), or refused (it would have gone past a daily quota; nothing was sent).',
    ),
    scheduled_for: z.string().nullable(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    recipients: z.number().int(),
    deliveries: z.number().int(),
    rescheduled_from: described(z.string().nullable().optional(), 'The time it was first scheduled for, when its holiday or weekend check moved it.'),
    schedule_note: described(
      z.string().nullable().optional(),
      'Why its holiday or weekend check moved or skipped it, e.g. "Saturday 09/03/2030 is a weekend day.", or why it was refused (a daily quota, with the numbers).',
    ),
  }),
);

/** Sessions a list entry shows with include_sessions: the latest sent. */
export const SCENARIO_SESSIONS_LISTED = 5;

export const ScenarioListEntrySchema = named(
  'ScenarioListEntry',
  z.object({
    id: z.string(),
    name: z.string(),
    scenario_id: described(z.string(), 'The message ID (for phone invocation); "" when none.'),
    is_real: z.boolean(),
    scenario_type: z.enum(SCENARIO_TYPES),
    customer_group: z.string(),
    customer_group_name: z.string(),
    channels: described(z.array(z.string()), 'SMS, VOICE, EMAIL, TEAMS, SLACK, PWA as the message uses them.'),
    is_dashboard: z.boolean(),
    is_phone_invoke: z.boolean(),
    is_incident_manager: z.boolean(),
    is_email_invoke: z.boolean(),
    updated_at: z.string(),
    sessions: described(z.array(ScenarioSessionSchema).optional(), `With include_sessions: the message's latest ${SCENARIO_SESSIONS_LISTED} sessions sent, newest first.`),
    scheduled: described(z.array(ScenarioSessionSchema).optional(), 'With include_scheduled: its sessions still to start, soonest first.'),
  }),
);

export const ScenarioPageSchema = named(
  'ScenarioPage',
  z.object({
    count: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
    results: z.array(ScenarioListEntrySchema),
  }),
);

const flag = (description: string) => queryFlag(description);

export const ScenarioListQuerySchema = z.object({
  page_size: described(
    z.string().regex(/^(all|\s*\d*\s*)$/, { error: `A page size is "all" or a whole number from 1 to ${SCENARIO_LIST_MAX_PAGE_SIZE}.` }).optional(),
    `"all": every message as a list (no paging); else messages per page, 1 to ${SCENARIO_LIST_MAX_PAGE_SIZE} (default ${SCENARIO_LIST_DEFAULT_PAGE_SIZE}).`,
  ),
  page: queryInteger('The page, from 1 (default 1).').optional(),
  active_tab: described(z.enum(SCENARIO_ACTIVE_TABS).optional(), 'all (default), real or test messages.'),
  search: described(z.string().max(200).optional(), 'Part of the name or message ID, in any case.'),
  include_sessions: flag('true: each entry lists its sessions.'),
  include_scheduled: flag('true: each entry lists its scheduled sessions.'),
  is_dashboard: flag('true: only messages sent from the dashboard.'),
  is_phone_invoke: flag('true: only messages invoked by phone.'),
  is_incident_manager: flag('true: only messages for the incident manager.'),
  is_email_invoke: flag('true: only messages invoked by email.'),
});

export const ScenarioNameQuerySchema = z.object({
  name: described(z.string().max(1000), 'The name to check (trimmed; case does not matter).'),
  scenario_id: described(id().optional(), 'The message being edited (its own name is not a duplicate).'),
  customer_group: described(id().optional(), "A new message's group (default the caller's)."),
  is_real: queryFlag('true: checked among real messages (a test message may share a name).'),
});

export const ScenarioNameAnswerSchema = named('ScenarioNameAnswer', z.object({ name: z.string(), available: z.literal(true) }));

export const RecipientsCountRequestSchema = named(
  'RecipientsCountRequest',
  z.object({
    customer_group: described(id().optional(), "The message's group (default the caller's)."),
    recipients: RecipientSelectionSchema,
    devices: described(z.array(DeviceSchema).max(LIST_MAX).optional(), 'The chosen devices; all the group offers when left out.'),
    is_phone_invoke: z.boolean().optional(),
  }),
);

export const RecipientsCountAnswerSchema = named(
  'RecipientsCountAnswer',
  z.object({
    count: described(z.number().int(), 'People who would receive the message (message recipients only).'),
    excluded: described(z.number().int(), 'People the include criteria chose whom the exclusions left out.'),
    devices: described(
      z.array(
        z.object({
          id: z.string(),
          dispatch_type: z.enum(DISPATCH_TYPES),
          field_id: z.string(),
          label: described(z.string(), 'The channel: SMS, Voice Call or Email.'),
          field_label: described(z.string(), 'The contact field the device is made of.'),
          count: z.number().int(),
        }),
      ),
      'Per device (the chosen ones, in the order sent; else every device the group offers): how many of those people have a value for its field.',
    ),
    channels: described(z.object({ SMS: z.number().int(), VOICE: z.number().int(), EMAIL: z.number().int() }), 'Per channel: devices that would be sent to.'),
    without_devices: described(z.number().int(), 'People with none of the chosen devices (nothing would reach them).'),
    notes: described(z.array(z.string()), 'Why a criterion matched nobody whatever the users hold (the telephony criteria: users have no telephony ID or PIN yet).'),
  }),
);

export const SCENARIO_API = {
  tag: 'Messages',
  description: 'Messages (scenarios) kept as templates, and the calls the message builder makes.',
  routes: {
    scenarios: {
      summary: 'Messages of the caller\'s groups',
      description:
        'Messages of the caller\'s customer group and the groups below it, newest change first. `page_size=all` answers a list; otherwise a page ({count, next, previous, results}).',
      query: ScenarioListQuerySchema,
      responses: { 200: json(z.union([z.array(ScenarioListEntrySchema), ScenarioPageSchema]), 'The messages.') },
    },
    createScenario: {
      summary: 'Keep a new message',
      description: 'Fields left out take the defaults of a new message. Problems answer 400 under the builder\'s error keys (name, message_id, language, recipients, devices, subject_line, sequence_settings, message_forms, polling, noticeboard, trigger, message_notification).',
      body: CreateScenarioRequestSchema,
      responses: { 201: json(ScenarioSchema, 'The message as kept.') },
    },
    scenarioName: {
      summary: 'Is a message name free?',
      description: 'A real message\'s name must be unique among the real messages of its customer group. A duplicate answers 400 with the message under `name`.',
      query: ScenarioNameQuerySchema,
      responses: { 200: json(ScenarioNameAnswerSchema, 'The name is free.') },
    },
    recipientsCount: {
      summary: 'How many people a message would reach',
      description:
        'Resolves the recipient criteria against the users of the group (and the groups below it) now: the message recipients the include criteria choose (all or any) less those the exclusions remove (all or any), and per device how many have a value for it. A value naming something the group does not have (another organisation\'s user, group or option) answers 400 under `recipients`; a device it does not offer, 400 under `devices`.',
      body: RecipientsCountRequestSchema,
      responses: { 200: json(RecipientsCountAnswerSchema, 'The counts.') },
    },
    scenario: {
      summary: 'A message',
      description: 'The whole draft of a message of a group in the caller\'s reach (404 otherwise).',
      responses: { 200: json(ScenarioSchema, 'The message.') },
    },
    changeScenario: {
      summary: 'Change a message',
      description: 'The fields sent replace their values; the others keep theirs. Each builder tab whose fields changed is one event in the activity log.',
      body: ChangeScenarioRequestSchema,
      responses: { 200: json(ScenarioSchema, 'The message as now kept.') },
    },
    deleteScenario: {
      summary: 'Delete a message',
      description: 'The template goes; the sessions already sent from it (later) keep their copy.',
      responses: noContent('Deleted.'),
    },
  },
} as const satisfies ApiFeature<keyof typeof SCENARIO_ROUTES>;

export type ScenarioDto = z.output<typeof ScenarioSchema>;
export type ScenarioListEntryDto = z.output<typeof ScenarioListEntrySchema>;
export type ScenarioSessionDto = z.output<typeof ScenarioSessionSchema>;
export type ScenarioPageDto = z.output<typeof ScenarioPageSchema>;
export type RecipientsCountAnswerDto = z.output<typeof RecipientsCountAnswerSchema>;
export type RecipientsCountRequest = z.output<typeof RecipientsCountRequestSchema>;
export type ScenarioListQuery = z.output<typeof ScenarioListQuerySchema>;
