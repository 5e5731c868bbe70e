/** Customer groups and their settings (customer-group.routes.ts). */
import {
  QUOTA_CHANNELS,
  AMD_MESSAGE_TYPES,
  AUDIT_RECIPIENT_LISTS,
  BLANK,
  MESSAGE_TIMEOUT_CHOICES,
  NOTICEBOARD_PROVIDERS,
  BRAND_LOGIN_URL_INVALID,
  BRAND_LOGIN_URL_RESERVED,
  CUSTOMER_GROUP_NAME_MAX_LENGTH,
  NOT_A_BOOLEAN,
  NOT_A_STRING,
  RESERVED_BRAND_LOGIN_URLS,
  type AuditRecipientList,
} from '@beacon/domain';
import { z } from 'zod';
import type { CUSTOMER_GROUP_ROUTES } from '../routes/customer-group.routes';
import { described, json, named, noContent, queryFlag, type ApiFeature } from './api-schema';
import { ContactFieldTypeSchema, CustomerGroupFieldSchema } from './field.schemas';

/** libs/domain customer-group.decide.ts: a module name is at most 50 characters. */
export const MODULE_NAME_MAX_LENGTH = 50;

/** The message of a body `id` that is not the URL's. */
export const ID_MISMATCH = 'Does not match the customer group of the URL.';

/** A name of a group or of its incident module: anything but text that is not blank is "This field may not be blank.". */
const nameText = (max: number) =>
  z
    .string({ error: BLANK })
    .trim()
    .min(1, { error: BLANK })
    .max(max);

/** '' (no branded login page) or the domain's BRAND_LOGIN_URL_PATTERN, once trimmed; never a path the console uses. */
const brandLoginUrl = () =>
  described(
    z
      .string({ error: NOT_A_STRING })
      .trim()
      .regex(/^(?:[a-z0-9-]{2,50})?$/, { error: BRAND_LOGIN_URL_INVALID })
      .refine((brand) => !RESERVED_BRAND_LOGIN_URLS.has(brand), { error: BRAND_LOGIN_URL_RESERVED }),
    'The branded login page /{brand}: 2 to 50 lowercase letters, digits or hyphens, unique across the platform and not a path the console uses (login, reset, ui, api, …); "" for none.',
  );

export const ChangeCustomerGroupRequestSchema = named(
  'ChangeCustomerGroupRequest',
  z.object({
    id: described(z.string({ error: ID_MISMATCH }), "When sent, the id of the URL's customer group.").optional(),
    name: nameText(CUSTOMER_GROUP_NAME_MAX_LENGTH).optional(),
    should_use_autologout: z.boolean({ error: NOT_A_BOOLEAN }).optional(),
    brand_login_url: brandLoginUrl().optional(),
    parent: described(
      z.string({ error: NOT_A_STRING }).trim().min(1, { error: BLANK }),
      "Moves the group under this group of the caller's reach; never the root group, never under itself or one of its descendants.",
    ).optional(),
  }),
  'Every field is optional: only those sent change.',
);

export const CreateCustomerGroupRequestSchema = named(
  'CreateCustomerGroupRequest',
  z.object({
    name: z.string().trim().min(1, { error: BLANK }).max(CUSTOMER_GROUP_NAME_MAX_LENGTH),
    parent: described(z.string(), "The id of the parent group: the caller's own group or one of its descendants."),
  }),
  'A new child group; its other fields start as a new group has them.',
);

export const ChangeIncidentModuleSettingsRequestSchema = named(
  'IncidentModuleSettingsRequest',
  z.object({
    module_name: nameText(MODULE_NAME_MAX_LENGTH),
    module_name_plural: nameText(MODULE_NAME_MAX_LENGTH),
  }),
  'What the incident module is called in the console, singular and plural.',
);

export const CustomerGroupSchema = named(
  'CustomerGroup',
  z.object({
    id: z.string(),
    name: z.string(),
    parent: z.string().nullable(),
    root_parent_id: z.string(),
    settings: described(z.string(), 'JSON text (send_verification_email, noticeboard_numbers, …).'),
    brand_login_url: z.string(),
    brand_logo: z.string(),
    enable_custom_branding: z.boolean(),
    highlight_color: z.string(),
    highlight_incident_color: z.string(),
    header_color: z.string(),
    header_icons_color: z.string(),
    should_use_autologout: z.boolean(),
    no_noticeboard_numbers: z.boolean(),
    root_customer_group_permissions: z.array(z.string()),
  }),
);

export const ChangeCustomerGroupResponseSchema = named(
  'ChangeCustomerGroupResponse',
  z.object({
    id: z.string(),
    name: z.string().optional(),
    should_use_autologout: z.boolean().optional(),
    brand_login_url: z.string().optional(),
    parent: z.string().nullable().optional(),
  }),
  'The id and the fields the request sent, as now stored.',
);

export const BrandLoginSchema = named(
  'BrandLogin',
  z.object({
    name: z.string(),
    brand_logo: z.string(),
    header_color: z.string(),
    highlight_color: z.string(),
    enable_custom_branding: z.boolean(),
  }),
  "What a guest's branded login page shows.",
);

export const IncidentModuleSettingsSchema = named(
  'IncidentModuleSettings',
  z.object({ module_name: z.string(), module_name_plural: z.string() }),
);

const text = () => z.string();
const flag = () => z.boolean();

/** The settings of a group: every field §3 lists, as GET shows them inside `settings` and PUT answers them. */
export const CustomerGroupSettingsSchema = named(
  'CustomerGroupSettings',
  z.object({
    address_format_list: described(z.array(text()), 'The contact fields that make up the address string shown for a recipient, in order.'),
    default_amd_message: z.object({ message_type: z.enum(AMD_MESSAGE_TYPES), message: text() }),
    country_code: described(
      z.object({ country: text(), dial_code: text(), country_code: text() }),
      'The default country of phone numbers entered without one: its name, its dial code (+44) and its ISO 3166 code (GB), which must agree.',
    ),
    send_verification_email: flag(),
    customer_group_phone_number: described(text(), 'The group\'s number in international format (+447911123456), or "".'),
    noticeboard_numbers: z.array(z.object({ phone_number: text(), provider: z.enum(NOTICEBOARD_PROVIDERS), is_voice: flag() })),
    default_noticeboards: described(z.array(text()), 'Noticeboard numbers (of noticeboard_numbers) used by default.'),
    default_tts_voice: text(),
    default_sms_sender_name: described(text(), 'At most 11 letters, digits or spaces with at least one letter; "" for the platform\'s sender.'),
    locked_users: z.object({ admin: flag(), operator: flag(), data: flag(), sender: flag() }),
    sms_quick_reports: flag(),
    test_message_header: flag(),
    default_message_timeout: described(
      z.object({ text: text(), value: z.number().int() }),
      `One of ${MESSAGE_TIMEOUT_CHOICES.map((choice) => choice.value).join(', ')} seconds; the text is the value's label (answered as stored).`,
    ),
    two_way_sms: described(flag(), 'Turning it on turns force_two_way_sms off; both on answers 400.'),
    force_two_way_sms: described(flag(), 'Turning it on turns two_way_sms off.'),
    send_notifications_to_admins_about_invalid_recipients: flag(),
    dial_back_message: text(),
    opening_text: described(text(), 'Put before every SMS; at most 160 characters.'),
    closing_text: described(text(), 'Put after every SMS; at most 160 characters.'),
    preferred_timezone: described(text(), 'An IANA time zone, e.g. Europe/London.'),
    apply_preferred_timezone: flag(),
    conference: z.object({ default_message_amd: text(), default_message_live: text() }),
  }),
);

export const ChangeCustomerGroupSettingsRequestSchema = named(
  'ChangeCustomerGroupSettingsRequest',
  CustomerGroupSettingsSchema.omit({ conference: true }).partial(),
  'The settings to change; those left out stay as they are. A value of the wrong type, an unknown timeout, a dial code that is not the country\'s, a time zone that is not an IANA zone and the like answer 400 naming the setting.',
);

export const ConferenceSettingsSchema = named(
  'ConferenceSettings',
  z.object({
    default_message_amd: described(text().max(1000), 'What a conference call says to an answering machine.'),
    default_message_live: described(text().max(1000), 'What a conference call says to a person who answers.'),
  }),
);

const recipientIds = () => described(z.array(z.string()), 'User ids, from GET /api/get_audit_recipients/{id}/.');

/** One member per recipient list of spec §3, each made by `member`. */
const recipientLists = <T extends z.ZodType>(member: () => T) =>
  Object.fromEntries(AUDIT_RECIPIENT_LISTS.map((list) => [list, member()])) as Record<AuditRecipientList, T>;

/** Spec part 2 §3 "Audit settings": every list is answered, empty when none was saved. */
export const AuditSettingsSchema = named(
  'AuditSettings',
  z.object({
    is_audit_active: flag(),
    add_additional_emails_to_distribution_list: flag(),
    audit_domains: z.array(z.string()),
    audit_additional_recipients: z.array(z.string()),
    ...recipientLists(recipientIds),
  }),
);

export const ChangeAuditSettingsRequestSchema = named(
  'ChangeAuditSettingsRequest',
  z.object({
    is_audit_active: flag(),
    add_additional_emails_to_distribution_list: flag().default(false),
    audit_domains: z.array(z.string()).default([]),
    audit_additional_recipients: z.array(z.string()).default([]),
    ...recipientLists(() => recipientIds().optional()),
  }),
  'Inactive saves only is_audit_active=false; active without add_additional_emails_to_distribution_list clears the domains and additional recipients; a list left out or empty is saved as none.',
);

export const AuditRecipientSchema = named('AuditRecipient', z.object({ label: described(z.string(), 'The email.'), value: described(z.string(), 'The user id.') }));

export const MapCoordinatesSchema = named(
  'MapCoordinates',
  z.object({
    has_map: z.boolean(),
    coordinates: described(z.array(z.object({ option: z.string(), label: z.string(), area: z.array(z.tuple([z.number(), z.number()])) })), 'The zones of the registration map, one per option of its zone field.'),
  }),
);

export const CustomLoginUrlSchema = named(
  'CustomLoginUrl',
  z.object({ custom_login_url: described(z.string(), 'The path of the group\'s branded login page (/{brand}), or "" when it has none.') }),
);

export const CustomerGroupQuerySchema = z.object({
  include_fields: queryFlag('true: the contact fields that apply to the group, in `fields`, as GET /api/customer_group/{id}/fields/ answers them.'),
});

export const CustomerGroupWithFieldsSchema = named(
  'CustomerGroupWithFields',
  CustomerGroupSchema.extend({ fields: described(z.array(CustomerGroupFieldSchema), 'With include_fields=true only.').optional() }),
);

export const MergeFieldSchema = named(
  'MergeField',
  z.object({
    id: described(z.string(), 'The contact field.'),
    label: z.string(),
    field_type: ContactFieldTypeSchema,
    merge_field_enabled: described(z.boolean(), "Messages of the group may merge in the recipient's value of this field."),
  }),
);

export const MergeFieldsSchema = named(
  'MergeFields',
  z.object({ field_data: described(z.array(MergeFieldSchema), 'Every contact field that applies to the group (its own and inherited), as the fields list orders them.') }),
);

export const ChangeMergeFieldsRequestSchema = named(
  'ChangeMergeFieldsRequest',
  z.object({
    field_data: described(
      z.array(z.object({ id: z.string().trim().min(1), merge_field_enabled: z.boolean() })).max(1000),
      'merge_field_enabled per field; fields left out keep theirs. A field that does not apply to the group answers 400 naming the entry.',
    ),
  }),
);

export const MergeFieldChoicesSchema = named(
  'MergeFieldChoices',
  z.object({
    field_data: described(
      z.array(z.object({ id: z.string(), merge_field_enabled: z.boolean() })),
      'The fields the request named and those merged now, each with its flag (GET answers labels and types).',
    ),
  }),
);

export type MergeFieldsDto = z.output<typeof MergeFieldsSchema>;
export type MergeFieldChoicesDto = z.output<typeof MergeFieldChoicesSchema>;

export type CustomerGroupWithFieldsDto = z.output<typeof CustomerGroupWithFieldsSchema>;

/** GET /api/customer_group_quota_usage/: the organisation's daily quotas and today's use of them. */
export const QuotaUsageSchema = named(
  'QuotaUsage',
  z.object({
    day: described(z.string(), "Today in the organisation's time zone (YYYY-MM-DD): the quotas start again at its midnight."),
    time_zone: described(z.string(), "The organisation's preferred time zone, which the day is counted in."),
    resets_at: described(z.string(), 'When the next day starts (ISO 8601).'),
    channels: z.array(
      z.object({
        channel: z.enum(QUOTA_CHANNELS),
        label: z.string(),
        used: described(z.number().int(), 'Messages counted today (each as it started: what it was planned to send on the channel).'),
        quota: described(z.number().int().nullable(), 'Messages a day; null: no limit.'),
      }),
    ),
  }),
);

export const CUSTOMER_GROUP_API = {
  tag: 'Customer groups',
  description: 'Customer groups, their branded login pages and their incident module settings.',
  routes: {
    customerGroupSelf: { summary: "The caller's customer group", responses: { 200: json(CustomerGroupSchema, 'The group.') } },
    customerGroup: {
      summary: 'A customer group',
      description: "A group in the caller's reach (their own or a descendant); any other id, 404. With include_fields=true, its contact fields too.",
      query: CustomerGroupQuerySchema,
      responses: { 200: json(CustomerGroupWithFieldsSchema, 'The group.') },
    },
    createCustomerGroup: {
      summary: 'Create a customer group',
      description: "A child group under a group in the caller's reach; a parent outside it answers 404.",
      body: CreateCustomerGroupRequestSchema,
      responses: { 201: json(CustomerGroupSchema, 'The new group.') },
    },
    deleteCustomerGroup: {
      summary: 'Delete a customer group',
      description:
        "A group without users and child groups; the root group, or one that still has users or child groups, answers 400 saying which. A group outside the caller's reach, 404.",
      responses: noContent('Deleted.'),
    },
    changeCustomerGroup: {
      summary: 'Change a customer group',
      description: "Name, automatic logout, branded login URL and parent. A brand login URL another group has answers 400; so does a move of the root group or under the group itself or one of its descendants (on `parent`); a group or parent outside the caller's reach, 404.",
      body: ChangeCustomerGroupRequestSchema,
      responses: { 200: json(ChangeCustomerGroupResponseSchema, 'The group as changed.') },
    },
    brandLogin: {
      summary: 'A branded login page',
      description: "What the guest's login page at /{brand} shows; 404 when no group has the brand.",
      responses: { 200: json(BrandLoginSchema, 'The brand.') },
    },
    changeCustomerGroupSettings: {
      summary: "Change a customer group's settings",
      body: ChangeCustomerGroupSettingsRequestSchema,
      responses: { 200: json(CustomerGroupSettingsSchema, 'Every setting of the group, as now stored.') },
    },
    changeConferenceSettings: {
      summary: "Change a customer group's conference settings",
      body: ConferenceSettingsSchema,
      responses: { 200: json(ConferenceSettingsSchema, 'The conference settings as now stored.') },
    },
    mapCoordinates: {
      summary: "The zones of a customer group's registration map",
      description: 'Public self-registration maps come with the registration templates; until a group has one, has_map is false and there are no zones.',
      responses: { 200: json(MapCoordinatesSchema, 'The map.') },
    },
    customLoginUrl: {
      summary: "A customer group's branded login page",
      responses: { 200: json(CustomLoginUrlSchema, 'Its path.') },
    },
    quotaUsage: {
      summary: "The organisation's daily quotas and today's use",
      description:
        "Each channel that can have a quota: messages used today (a send counts what it is planned to send on the channel, as it starts) against the quota the platform's operators set (null: no limit). A send that would go past a quota is refused before anything of it is queued.",
      responses: { 200: json(QuotaUsageSchema, 'Today, per channel.') },
    },
    mergeFields: {
      summary: "A customer group's merge fields",
      description: 'Admins, with the root permission "Merge fields".',
      responses: { 200: json(MergeFieldsSchema, 'The fields and whether each is merged.') },
    },
    changeMergeFields: {
      summary: "Save a customer group's merge fields",
      description: 'Admins, with the root permission "Merge fields".',
      body: ChangeMergeFieldsRequestSchema,
      responses: { 200: json(MergeFieldChoicesSchema, 'The flags as now set.') },
    },
    auditSettings: {
      summary: "A customer group's audit settings",
      responses: { 200: json(AuditSettingsSchema, 'The settings, every recipient list present.') },
    },
    changeAuditSettings: {
      summary: "Save a customer group's audit settings",
      description: 'Recipients must be users of the group or of its descendants; domains and addresses must be well formed (400 naming the list).',
      body: ChangeAuditSettingsRequestSchema,
      responses: { 200: json(AuditSettingsSchema, 'The settings as saved, every recipient list present.') },
    },
    auditRecipients: {
      summary: 'Who may receive audit reports',
      description: 'The users of the group and of its descendants, sorted by email.',
      responses: { 200: json(z.array(AuditRecipientSchema), 'The options.') },
    },
    incidentModuleSettings: {
      summary: "A customer group's incident module settings",
      responses: { 200: json(IncidentModuleSettingsSchema, 'The settings (the defaults when none were saved).') },
    },
    changeIncidentModuleSettings: {
      summary: "Change a customer group's incident module settings",
      body: ChangeIncidentModuleSettingsRequestSchema,
      responses: { 200: json(IncidentModuleSettingsSchema, 'The settings as saved.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof CUSTOMER_GROUP_ROUTES>;
export type QuotaUsageDto = z.output<typeof QuotaUsageSchema>;
