/** On call (on-call.routes.ts). The deciders in libs/domain/src/on-call check the rest (overlaps, order of times, offered fields and options). */
import { CONTACT_FIELD_TYPES, NOT_A_BOOLEAN, NOT_A_LIST, NOT_A_STRING, NOT_AN_INTEGER, NOT_AN_ISO_TIME, NOT_AN_OBJECT, REQUIRED, STAFFING_MAX } from '@beacon/domain';
import { z } from 'zod';
import type { ON_CALL_ROUTES } from '../routes/on-call.routes';
import { described, json, named, queryFlag, type ApiFeature } from './api-schema';

/** The most fields one list of on_call_settings names, users one assignment names, and minima one save sets. */
export const ON_CALL_SETTINGS_FIELDS_MAX = 100;
export const ASSIGN_USERS_MAX = 500;
export const OPTIONS_STAFFING_MAX = 500;
/** Ids are at most this long (longer ones are refused before any lookup). */
export const ON_CALL_ID_MAX_LENGTH = 100;
export const USER_ON_CALL_DEFAULT_WEEKS = 4;
export const USER_ON_CALL_MAX_WEEKS = 26;
export const ASSIGNABLE_USERS_DEFAULT_PAGE_SIZE = 50;
export const ASSIGNABLE_USERS_MAX_PAGE_SIZE = 500;
export const STAFFING_VALUE_INVALID = `A staffing minimum is a whole number from 0 to ${STAFFING_MAX}.`;
export const OPTIONS_STAFFING_INVALID = 'Expected an object of option ids, each with a whole number.';
export const DATE_INVALID = 'Enter a date as YYYY-MM-DD.';

const id = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : NOT_A_STRING) })
    .trim()
    .min(1, { error: REQUIRED })
    .max(ON_CALL_ID_MAX_LENGTH);

/** An instant as the API takes it: ISO 8601 with an offset (Z or ±HH:MM). */
export const isoTime = (description: string) =>
  described(z.string({ error: NOT_AN_ISO_TIME }).trim().pipe(z.iso.datetime({ offset: true, error: NOT_AN_ISO_TIME })), description);

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const OnCallSettingsMapSchema = named(
  'OnCallSettingsMap',
  z.object({
    display_fields: described(z.array(z.string()), 'Contact fields shown as columns on the on-call screens and in the roster export, in order.'),
    filter_fields: described(z.array(z.string()), 'Contact fields the on-call screens filter users by, in order.'),
  }),
  "on_call_settings: what the group's on-call screens show and filter by (ids of its on-call data fields).",
);

export const OnCallDataFieldSchema = named(
  'OnCallDataField',
  z.object({
    id: z.string(),
    label: z.string(),
    field_type: z.enum(CONTACT_FIELD_TYPES),
    customer_group: described(z.string(), 'The group the field is defined in.'),
    is_inherited: described(z.boolean(), 'Defined in an ancestor of the group.'),
    reports_only: described(
      z.boolean(),
      "Defined in a descendant of the group: it applies to none of the group's own users, so it shows in the group's on-call report and roster only. Listed first.",
    ),
    options: z.array(z.object({ id: z.string(), label: z.string(), excluded: described(z.boolean(), 'Excluded for the group: no staffing minimum may count it.') })),
  }),
  'A contact field of any type but the device types PHONE(SMS), PHONE(SMS&VOICE), PHONE(VOICE), EMAIL and PAGER.',
);

export const OnCallSettingsSchema = named(
  'OnCallSettings',
  z.object({
    customer_group: z.string(),
    on_call_settings: OnCallSettingsMapSchema,
    options_staffing: described(z.record(z.string(), z.number().int()), 'Staffing minimum by option id: at least that many users holding the option on call at any time.'),
    fields: described(z.array(OnCallDataFieldSchema), "The group's on-call data fields: reports-only ones first, then those that apply to the group, the root's first."),
  }),
);

export const OnCallSettingsSavedSchema = named(
  'OnCallSettingsSaved',
  z.object({
    customer_group: z.string(),
    on_call_settings: OnCallSettingsMapSchema,
    options_staffing: described(z.record(z.string(), z.number().int()), 'Staffing minimum by option id.'),
  }),
  'The settings as saved (GET also answers the on-call data fields).',
);

export const OnCallStaffingSchema = named(
  'OnCallStaffing',
  z.object({ option: z.string(), value: z.number().int(), option_label: z.string(), field: z.string(), field_label: z.string() }),
  'A staffing minimum: (option, value).',
);

export const OnCallPeriodSchema = named(
  'OnCallPeriod',
  z.object({
    on_call_period_id: z.string(),
    start_date: described(z.string(), 'ISO 8601 in UTC: on call from this instant (inclusive).'),
    end_date: described(z.string(), 'ISO 8601 in UTC: until this instant (exclusive).'),
  }),
);

export const OnCallWeekSchema = named(
  'OnCallWeek',
  z.object({
    start_date: described(z.string(), "Monday 00:00 in the user's time zone, ISO 8601 with its offset."),
    end_date: described(z.string(), 'The next Monday 00:00, ISO 8601 with its offset.'),
    periods: described(z.array(OnCallPeriodSchema), 'The periods overlapping the week, earliest first.'),
  }),
);

const warnings = () =>
  described(
    z.array(z.string()),
    'With the root permission "Minimum staffing requirements": each stretch of the changed time with fewer on call than a staffing minimum asks, e.g. "Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00" (the group\'s time zone). Never blocks the change; empty otherwise.',
  );

export const OnCallPeriodChangeSchema = named('OnCallPeriodChange', OnCallPeriodSchema.extend({ user: z.string(), warnings: warnings() }));
export const OnCallPeriodRemovalSchema = named('OnCallPeriodRemoval', z.object({ warnings: warnings() }));

export const AssignOnCallSchema = named(
  'AssignOnCall',
  z.object({
    results: z.array(
      z.object({
        user: z.string(),
        periods: described(z.array(OnCallPeriodSchema), 'The periods recorded for the user.'),
        error: described(z.string(), 'Only when a change to the user’s periods made at the same moment now overlaps: what was refused.').optional(),
      }),
    ),
    warnings: warnings(),
  }),
);

export const AssignableUserSchema = named(
  'AssignableUser',
  z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    customer_group: z.string(),
    is_on_call: described(z.boolean(), 'On call at some time of the range.'),
    periods: described(z.array(OnCallPeriodSchema), "The user's periods overlapping the range."),
  }),
);

export const AssignableUsersPageSchema = named(
  'AssignableUsersPage',
  z.object({
    start_date: z.string(),
    end_date: z.string(),
    count: described(z.number().int(), 'Assignable users, on every page.'),
    page_number: z.number().int(),
    items_per_page: z.number().int(),
    results: z.array(AssignableUserSchema),
  }),
);

export const OnCallRecipientSchema = named(
  'OnCallRecipient',
  z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    customer_group: z.string(),
    on_call_period_id: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
);

export const OnCallRecipientsSchema = named(
  'OnCallRecipients',
  z.object({ at: described(z.string(), 'The moment asked about (ISO 8601 in UTC).'), count: z.number().int(), results: z.array(OnCallRecipientSchema) }),
);

export type OnCallSettingsAnswer = z.output<typeof OnCallSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const fieldIds = (description: string) =>
  described(z.array(id(), { error: NOT_A_LIST }).max(ON_CALL_SETTINGS_FIELDS_MAX), description).optional();

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const staffingValue = z.number({ error: NOT_AN_INTEGER }).int({ error: NOT_AN_INTEGER }).min(0, { error: STAFFING_VALUE_INVALID }).max(STAFFING_MAX, { error: STAFFING_VALUE_INVALID });

/**
 * `options_staffing`: an object of option ids, each with a whole number, read as its own entries, so
 * that a key such as "__proto__" is an option id like any other (and refused as one the group does not
 * offer) rather than dropped as zod's records drop it.
 */
export const OptionsStaffingRequestSchema = described(
  z
    .custom<Record<string, unknown>>(isPlainObject, { error: (issue) => (issue.input === undefined ? REQUIRED : OPTIONS_STAFFING_INVALID) })
    .transform((value, context) => {
      const entries = Object.entries(value);
      if (entries.length > OPTIONS_STAFFING_MAX) context.addIssue({ code: 'custom', message: `Ensure this field has no more than ${OPTIONS_STAFFING_MAX} options.` });
      const parsed: (readonly [string, number])[] = [];
      for (const [optionId, minimum] of entries.slice(0, OPTIONS_STAFFING_MAX)) {
        const result = staffingValue.safeParse(minimum);
        if (result.success) parsed.push([optionId, result.data]);
        else context.addIssue({ code: 'custom', message: `${optionId.slice(0, 64)}: ${STAFFING_VALUE_INVALID}` });
      }
      return parsed;
    }),
  'Staffing minimum by option id (options of SINGLESELECT and MULTISELECT fields that apply to the group and are not excluded for it): a whole number from 0. Replaces every minimum; {} removes them.',
);

export const ChangeOnCallSettingsRequestSchema = named(
  'ChangeOnCallSettingsRequest',
  z.object({
    on_call_settings: z
      .object(
        {
          display_fields: fieldIds('Ids of on-call data fields (GET answers them in `fields`) shown as columns.'),
          filter_fields: fieldIds('Ids of on-call data fields the screens filter by.'),
        },
        { error: NOT_AN_OBJECT },
      )
      .optional(),
    options_staffing: OptionsStaffingRequestSchema.optional(),
  }),
  'Every member optional: keys of on_call_settings left out keep theirs; options_staffing, when sent, replaces every minimum. Unknown fields answer 400 naming on_call_settings, unknown options 400 naming options_staffing.',
);

export const CreateOnCallPeriodRequestSchema = named(
  'CreateOnCallPeriodRequest',
  z.object({
    user: described(id(), "The user (in the caller's reach; any other answers 404)."),
    start_date: isoTime('On call from this instant: ISO 8601 with an offset, to the second.'),
    end_date: isoTime('Until this instant (after the start, at most 366 days later).'),
  }),
  "A period may not overlap another of the user's (400 naming its times); it may start when another ends.",
);

export const ChangeOnCallPeriodRequestSchema = named(
  'ChangeOnCallPeriodRequest',
  z.object({
    start_date: isoTime('On call from this instant: ISO 8601 with an offset, to the second.'),
    end_date: isoTime('Until this instant (after the start, at most 366 days later).'),
    user: described(id(), "When sent, the period's user (a period stays with its user).").optional(),
  }),
);

export const AssignOnCallRequestSchema = named(
  'AssignOnCallRequest',
  z.object({
    users: described(
      z.array(id(), { error: NOT_A_LIST }).min(1, { error: REQUIRED }).max(ASSIGN_USERS_MAX),
      `The users to assign (1 to ${ASSIGN_USERS_MAX}, in the caller's reach; any other answers 404).`,
    ),
    start_date: isoTime('On call from this instant: ISO 8601 with an offset, to the second.'),
    end_date: isoTime('Until this instant (after the start, at most 366 days later).'),
  }),
);

const wholeNumberText = (description: string, min: number, max: number) =>
  described(
    z
      .string({ error: NOT_AN_INTEGER })
      .trim()
      .regex(/^\d{0,6}$/, { error: NOT_AN_INTEGER })
      .refine((text) => !/^\d{1,6}$/.test(text) || (Number(text) >= min && Number(text) <= max), { error: `Ensure this value is between ${min} and ${max}.` }),
    description,
  )
    .optional()
    .transform((text) => (text === undefined || text === '' ? undefined : Number(text)));

export const UserOnCallQuerySchema = z.object({
  from: described(z.string({ error: DATE_INVALID }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_INVALID }), 'A day (YYYY-MM-DD) of the first week; default: today in the user’s time zone.').optional(),
  weeks: wholeNumberText(`How many weeks, 1 to ${USER_ON_CALL_MAX_WEEKS} (default ${USER_ON_CALL_DEFAULT_WEEKS}).`, 1, USER_ON_CALL_MAX_WEEKS),
});

export const AssignUsersOnCallQuerySchema = z.object({
  start_date: isoTime('The range asked about, from (default: now).').optional(),
  end_date: isoTime('The range asked about, to (default: 7 days after its start).').optional(),
  all: queryFlag("true: the users of the group's descendants too."),
  page_number: wholeNumberText('The page, from 1.', 1, 1_000_000),
  items_per_page: wholeNumberText(`Users per page, 1 to ${ASSIGNABLE_USERS_MAX_PAGE_SIZE} (default ${ASSIGNABLE_USERS_DEFAULT_PAGE_SIZE}).`, 1, ASSIGNABLE_USERS_MAX_PAGE_SIZE),
});

export const OnCallRecipientsQuerySchema = z.object({
  at: isoTime('The moment (default: now).').optional(),
  all: queryFlag("true: the users of the group's descendants too."),
});

export const OnCallReportQuerySchema = z.object({ at: isoTime('The moment the report counts who is on call (default: now).').optional() });

const range = {
  start_date: isoTime('From this instant (default: now).').optional(),
  end_date: isoTime('To this instant (default: 28 days after the start; at most 366 days after it).').optional(),
};

export const ExportOnCallPeriodsRequestSchema = named(
  'ExportOnCallPeriodsRequest',
  z.object({
    start_date: isoTime('Periods ending after this instant (default: every period).').optional(),
    end_date: isoTime('Periods starting before this instant (default: every period).').optional(),
  }),
);

export const OnCallGroupExportRequestSchema = named(
  'OnCallGroupExportRequest',
  z.object({
    customer_group: described(id(), 'The customer group (in your reach).'),
    ...range,
    all: described(z.boolean({ error: NOT_A_BOOLEAN }), "true: the users of the group's descendants too.")
      .optional()
      .transform((flag) => flag ?? false),
  }),
);

// ---------------------------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------------------------

const CSV_FILE = 'text/csv';
const csv = (description: string) => ({ 200: { description, file: CSV_FILE } });
const CSV_CELLS =
  ' Times are DD/MM/YYYY HH:mm:ss in the time zone the header names; a cell starting with = + - @, a tab or a carriage return gets a single quote in front.';

export const ON_CALL_API = {
  tag: 'On call',
  description: 'On-call rosters: periods per user, assignments, who is on call now, settings, staffing minima, exports. Every call needs the root permission "On Call core platform access".',
  routes: {
    onCallSettings: {
      summary: "A customer group's on-call settings",
      description: 'Admins and operators. on_call_settings, options_staffing and the on-call data fields of the group.',
      responses: { 200: json(OnCallSettingsSchema, 'The settings (empty lists and no minima until saved).') },
    },
    changeOnCallSettings: {
      summary: "Save a customer group's on-call settings",
      description: 'Admins and operators.',
      body: ChangeOnCallSettingsRequestSchema,
      responses: { 200: json(OnCallSettingsSavedSchema, 'The settings as saved.') },
    },
    onCallStaffing: {
      summary: "A customer group's staffing minima",
      description: '(option, value) pairs, with labels; options since deleted are left out.',
      responses: { 200: json(z.array(OnCallStaffingSchema), 'The minima.') },
    },
    userOnCall: {
      summary: "A user's on-call weeks",
      description:
        "Admins, operators and data users for users in their reach, and anyone for themselves. Weeks run Monday 00:00 to Monday 00:00 in the user's preferred time zone (else the group's).",
      query: UserOnCallQuerySchema,
      responses: { 200: json(z.array(OnCallWeekSchema), 'The weeks, earliest first.') },
    },
    createOnCallPeriod: {
      summary: 'Put a user on call',
      body: CreateOnCallPeriodRequestSchema,
      responses: { 201: json(OnCallPeriodChangeSchema, 'The period, with staffing warnings.') },
    },
    changeOnCallPeriod: {
      summary: 'Change an on-call period',
      description: "An overlap with another of the user's periods answers 400 naming its times; an unknown period, 404.",
      body: ChangeOnCallPeriodRequestSchema,
      responses: { 200: json(OnCallPeriodChangeSchema, 'The period as now recorded, with staffing warnings.') },
    },
    deleteOnCallPeriod: {
      summary: 'Remove an on-call period',
      responses: { 200: json(OnCallPeriodRemovalSchema, 'Removed; the staffing warnings of the time it covered.') },
    },
    assignUsersOnCall: {
      summary: 'Users a customer group can put on call',
      description: 'Its users who are active and message recipients (all=true: its descendants’ too), by last name, each with their periods overlapping the range.',
      query: AssignUsersOnCallQuerySchema,
      responses: { 200: json(AssignableUsersPageSchema, 'A page of users.') },
    },
    assignOnCallEntire: {
      summary: 'Put several users on call for a whole period',
      description:
        'All or nothing: when any user is on call during the period already, 400 names each (under `users`) and nobody is assigned. A change to one of the users’ periods made at the same moment can still refuse that user alone (`error` in their result).',
      body: AssignOnCallRequestSchema,
      responses: { 200: json(AssignOnCallSchema, 'Each user’s period, and staffing warnings.') },
    },
    assignOnCallParts: {
      summary: 'Put several users on call for the parts of a period they are free in',
      description: 'Each user gets a period for each stretch of the period none of their own periods covers; a user on call throughout gets none.',
      body: AssignOnCallRequestSchema,
      responses: { 200: json(AssignOnCallSchema, 'Each user’s new periods, and staffing warnings.') },
    },
    onCallRecipients: {
      summary: 'Who is on call',
      description:
        "Admins, operators and senders: the group's users (all=true: its descendants' too) on call at `at` (default now), active and message recipients, by last name: the message builder's \"Currently On Call\" recipients.",
      query: OnCallRecipientsQuerySchema,
      responses: { 200: json(OnCallRecipientsSchema, 'The users on call.') },
    },
    exportOnCallPeriods: {
      summary: "Export a user's on-call periods (CSV)",
      description: `Who may read the user's weeks may export them. Columns: first name, last name, email, start, end, hours; times in the user's time zone.${CSV_CELLS}`,
      body: ExportOnCallPeriodsRequestSchema,
      bodyOptional: true,
      responses: csv("The user's periods, earliest first."),
    },
    exportUsersOnCall: {
      summary: "Export the on-call periods of a customer group's users (CSV)",
      description: `The periods overlapping the range, by user (last name) then start. Columns: first name, last name, email, customer group, start, end, hours; times in the group's time zone.${CSV_CELLS}`,
      body: OnCallGroupExportRequestSchema,
      responses: csv('The periods.'),
    },
    exportCustomerGroupOnCall: {
      summary: "Export a customer group's on-call roster (CSV)",
      description: `Every period overlapping the range, by start: start, end, first name, last name, email, customer group, then the group's display_fields (the users' values); times in the group's time zone.${CSV_CELLS}`,
      body: OnCallGroupExportRequestSchema,
      responses: csv('The roster.'),
    },
    onCallReport: {
      summary: "A customer group's on-call report (CSV)",
      description: `One row per staffing minimum of the group: field, option, minimum, users holding the option on call at \`at\` (default now), how many short.${CSV_CELLS}`,
      query: OnCallReportQuerySchema,
      responses: csv('The report.'),
    },
  },
} as const satisfies ApiFeature<keyof typeof ON_CALL_ROUTES>;
