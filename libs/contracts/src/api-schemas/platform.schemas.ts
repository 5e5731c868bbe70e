/** The platform's operators' calls (platform.routes.ts): provisioning organisations and their feature permissions. */
import { BLANK, EMAIL_INVALID_MESSAGE, NOT_A_STRING, QUOTA_CHANNELS, QUOTA_MAX, quotaValueProblem, ROOT_PERMISSIONS, SUSPENSION_REASON_MAX_LENGTH, USER_NAME_MAX_LENGTH } from '@beacon/domain';
import { z } from 'zod';
import type { PLATFORM_ROUTES } from '../routes/platform.routes';
import { described, json, named, type ApiFeature } from './api-schema';

/** The longest organisation name (a root customer group's name). */
export const ORGANISATION_NAME_MAX_LENGTH = 100;

const PERMISSIONS_NOTE = `Each one of: ${ROOT_PERMISSIONS.join('; ')}. An unknown name answers 400 naming it.`;

const rootPermissions = () =>
  described(z.array(z.string({ error: NOT_A_STRING }).max(100), { error: 'Must be a list of feature permission names.' }).max(ROOT_PERMISSIONS.length * 2), PERMISSIONS_NOTE);

/** One channel's quota: messages a day, or null (or absent) for no limit. */
const quota = () =>
  z
    .number({ error: quotaValueProblem })
    .int({ error: quotaValueProblem })
    .min(0, { error: quotaValueProblem })
    .max(QUOTA_MAX, { error: quotaValueProblem })
    .nullable()
    .optional();

export const DailyQuotasSchema = named(
  'DailyQuotas',
  z.strictObject({ SMS: quota(), VOICE: quota(), EMAIL: quota(), TEAMS: quota(), SLACK: quota() }, { error: `Only these channels have quotas: ${QUOTA_CHANNELS.join(', ')}.` }),
  "Messages a day per channel, counted in the organisation's time zone from midnight; a channel absent or null has no limit. Push is not limited.",
);

export const ProvisionOrganisationRequestSchema = named(
  'ProvisionOrganisationRequest',
  z.object({
    name: described(z.string({ error: NOT_A_STRING }).trim().min(1, { error: BLANK }).max(ORGANISATION_NAME_MAX_LENGTH), 'Unique across the platform (case and spacing aside); a taken one answers 409.'),
    root_permissions: rootPermissions().default([]),
    quotas: DailyQuotasSchema.default({}),
    admin: z.object({
      email: described(z.string({ error: NOT_A_STRING }).trim().toLowerCase().pipe(z.email({ error: EMAIL_INVALID_MESSAGE })), 'Unique across the platform; a taken one answers 409.'),
      first_name: z.string({ error: NOT_A_STRING }).trim().min(1, { error: BLANK }).max(USER_NAME_MAX_LENGTH),
      last_name: z.string({ error: NOT_A_STRING }).trim().min(1, { error: BLANK }).max(USER_NAME_MAX_LENGTH),
    }),
  }),
  'A new organisation and its first admin, who is emailed a single-use link to set a password.',
);

export const OrganisationProvisionedSchema = named(
  'OrganisationProvisioned',
  z.object({
    id: described(z.string(), "The organisation's id (its root customer group's)."),
    name: z.string(),
    root_permissions: z.array(z.string()),
    quotas: z.record(z.string(), z.number().int()),
    admin: z.object({ id: z.string(), email: z.string() }),
  }),
);

export const OrganisationPermissionsRequestSchema = named(
  'OrganisationPermissionsRequest',
  z.object({ root_permissions: rootPermissions() }),
  'The whole set of feature permissions the organisation holds from now on.',
);

export const OrganisationPermissionsSchema = named(
  'OrganisationPermissions',
  z.object({ id: z.string(), root_permissions: described(z.array(z.string()), "As now held, in the spec's order."), added: z.array(z.string()), removed: z.array(z.string()) }),
);

export const OrganisationQuotasRequestSchema = named(
  'OrganisationQuotasRequest',
  z.object({ quotas: DailyQuotasSchema }),
  'The whole set of daily quotas from now on: a channel left out (or null) has no limit.',
);

export const OrganisationQuotasSchema = named(
  'OrganisationQuotas',
  z.object({ id: z.string(), quotas: described(z.record(z.string(), z.number().int()), 'As now held: the channels with a limit.') }),
);

export const SuspendOrganisationRequestSchema = named(
  'SuspendOrganisationRequest',
  z.object({ reason: described(z.string({ error: NOT_A_STRING }).trim().max(SUSPENSION_REASON_MAX_LENGTH).default(''), "Why, for the activity log (never shown to the organisation's users).") }),
);

export const OrganisationSuspensionSchema = named(
  'OrganisationSuspension',
  z.object({ id: z.string(), suspended: described(z.boolean(), 'Whether it is suspended now.') }),
);

/** Organisations listed a page at a time. */
export const ORGANISATIONS_DEFAULT_PAGE_SIZE = 50;
export const ORGANISATIONS_MAX_PAGE_SIZE = 200;

export const OrganisationsQuerySchema = named(
  'OrganisationsQuery',
  z.object({
    page: described(z.coerce.number({ error: 'Must be a whole number.' }).int({ error: 'Must be a whole number.' }).min(1).default(1), 'From 1.'),
    page_size: described(z.coerce.number({ error: 'Must be a whole number.' }).int({ error: 'Must be a whole number.' }).min(1).max(ORGANISATIONS_MAX_PAGE_SIZE).default(ORGANISATIONS_DEFAULT_PAGE_SIZE), `1 to ${ORGANISATIONS_MAX_PAGE_SIZE}.`),
    search: described(z.string().trim().max(ORGANISATION_NAME_MAX_LENGTH).optional(), 'Part of the name, any case.'),
  }),
);

export const OrganisationSummarySchema = named(
  'OrganisationSummary',
  z.object({
    id: z.string(),
    name: z.string(),
    state: described(z.enum(['active', 'suspended']), 'Suspended: its users cannot sign in.'),
    root_permissions: z.array(z.string()),
    quotas: described(z.record(z.string(), z.number().int()), 'Its daily quotas: the channels with a limit.'),
    created_at: z.string(),
    users: described(z.number().int(), 'Its users, in all its customer groups.'),
    customer_groups: described(z.number().int(), 'Its customer groups, the organisation itself included.'),
    events: described(z.number().int(), 'Its size: how many events it holds (everything recorded for it, from the name it claimed on).'),
    last_activity: described(z.string().nullable(), "Its users' latest authenticated call (ISO 8601); null when none has signed in."),
  }),
);

export const OrganisationPageSchema = named('OrganisationPage', z.object({ count: z.number().int(), results: z.array(OrganisationSummarySchema) }));

const KEY_ERRORS = {
  401: { description: 'No `Authorization: Platform <key>`, a wrong key, or a user\'s token: platform calls take the platform key only.' },
  404: { description: 'The platform API is off (no PLATFORM_API_KEY), or no such organisation.' },
  429: { description: 'Too many calls, or too many with a wrong key, from this address: wait for Retry-After.' },
} as const;

export const PLATFORM_API = {
  tag: 'Platform',
  description:
    "The platform's operators' calls, with `Authorization: Platform <PLATFORM_API_KEY>` (never a user's token): provisioning customer organisations, their feature permissions and daily quotas, suspending them, listing them and exporting their data. Off (404) while PLATFORM_API_KEY is not set. `npm run platform -- <command>` calls them.",
  routes: {
    organisations: {
      summary: 'List the organisations',
      description: 'By name, a page at a time, with their state, feature permissions, size (events, users and customer groups) and last activity.',
      query: OrganisationsQuerySchema,
      responses: { 200: json(OrganisationPageSchema, 'The page, and how many organisations match.') },
      errors: { 400: { description: 'A page or page size out of range.' }, 401: KEY_ERRORS[401], 404: { description: 'The platform API is off (no PLATFORM_API_KEY).' }, 429: KEY_ERRORS[429] },
    },
    exportOrganisation: {
      summary: "Export an organisation's data",
      description:
        "A zip, streamed as it is made (`organisation-<id>-<yyyy-mm-dd>.zip`): `events.jsonl`, every event recorded for the organisation up to the store's position when the export began, in order, one JSON object a line (position, stream, revision, type, recorded_at, id, data, metadata); `documents/<collection>.jsonl`, its read models' documents as they stand (one file per collection that holds any); `manifest.json`, the organisation, that position, the lines of each file and what is left out (other organisations' and platform-wide documents, the write side's credentials, token records and outboxes, uploaded files' contents). A download cut short is no zip: try again.",
      responses: { 200: { description: 'The zip.', file: 'application/zip' } },
      errors: KEY_ERRORS,
    },
    provisionOrganisation: {
      summary: 'Provision an organisation',
      description:
        'Creates the organisation (a root customer group with these feature permissions) and its first admin, who is emailed a single-use link to set a password (WELCOME_EMAIL_SECONDS). A repeat with the same Idempotency-Key provisions once.',
      body: ProvisionOrganisationRequestSchema,
      responses: { 201: json(OrganisationProvisionedSchema, 'Provisioned.') },
      errors: { 400: { description: 'A field is missing or invalid, or a permission name is unknown (the field named).' }, 409: { description: 'An organisation with this name, or a user with this email, already exists.' }, ...KEY_ERRORS },
    },
    suspendOrganisation: {
      summary: 'Suspend an organisation',
      description:
        "From now on its users cannot sign in (403 with a message saying the organisation's access is suspended), their tokens are refused (401, the same message) and their open sockets are closed; scheduled sends that fall due are skipped, saying why. Sends already going out carry on. Nothing is deleted. Suspending one already suspended changes nothing.",
      body: SuspendOrganisationRequestSchema,
      responses: { 200: json(OrganisationSuspensionSchema, 'Suspended.') },
      errors: { 400: { description: 'A reason over 500 characters, or a group that is not an organisation.' }, ...KEY_ERRORS },
    },
    resumeOrganisation: {
      summary: 'Resume a suspended organisation',
      description: 'Sign-in, tokens issued before the suspension, sockets and sending work again. Resuming one not suspended changes nothing.',
      responses: { 200: json(OrganisationSuspensionSchema, 'Resumed.') },
      errors: { 400: { description: 'A group that is not an organisation.' }, ...KEY_ERRORS },
    },
    changeOrganisationPermissions: {
      summary: "Set an organisation's feature permissions",
      description:
        "Records the set on the organisation's root group (RootPermissionsChanged, in its activity log); from then on the server refuses what a permission no longer allows, and signed-in users' menus follow. The same set again changes nothing.",
      body: OrganisationPermissionsRequestSchema,
      responses: { 200: json(OrganisationPermissionsSchema, 'The set now held, and what changed.') },
      errors: { 400: { description: 'An unknown permission name (named), or a group that is not an organisation.' }, ...KEY_ERRORS },
    },
    changeOrganisationQuotas: {
      summary: "Set an organisation's daily quotas",
      description:
        "Records the quotas on the organisation's root group (OrganisationQuotasChanged, in its activity log). From then on a send that would take a channel past its quota for the day is refused before anything of it is queued, with the numbers; its senders see today's use against each quota. The same set again changes nothing.",
      body: OrganisationQuotasRequestSchema,
      responses: { 200: json(OrganisationQuotasSchema, 'The quotas now held.') },
      errors: { 400: { description: 'A negative, fractional or too large quota, or a channel without quotas (the field named), or a group that is not an organisation.' }, ...KEY_ERRORS },
    },
  },
} as const satisfies ApiFeature<keyof typeof PLATFORM_ROUTES>;

export type ProvisionOrganisationRequest = z.output<typeof ProvisionOrganisationRequestSchema>;
export type OrganisationProvisionedDto = z.output<typeof OrganisationProvisionedSchema>;
export type OrganisationPermissionsRequest = z.output<typeof OrganisationPermissionsRequestSchema>;
export type OrganisationPermissionsDto = z.output<typeof OrganisationPermissionsSchema>;
export type OrganisationQuotasRequest = z.output<typeof OrganisationQuotasRequestSchema>;
export type OrganisationQuotasDto = z.output<typeof OrganisationQuotasSchema>;
export type SuspendOrganisationRequest = z.output<typeof SuspendOrganisationRequestSchema>;
export type OrganisationSuspensionDto = z.output<typeof OrganisationSuspensionSchema>;
export type OrganisationsQuery = z.output<typeof OrganisationsQuerySchema>;
export type OrganisationPageDto = z.output<typeof OrganisationPageSchema>;
export type OrganisationSummaryDto = z.output<typeof OrganisationSummarySchema>;
