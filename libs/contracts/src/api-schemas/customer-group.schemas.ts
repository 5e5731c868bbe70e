/** Customer groups and their settings (customer-group.routes.ts). */
import {
  BLANK,
  BRAND_LOGIN_URL_INVALID,
  BRAND_LOGIN_URL_RESERVED,
  CUSTOMER_GROUP_NAME_MAX_LENGTH,
  NOT_A_BOOLEAN,
  NOT_A_STRING,
  RESERVED_BRAND_LOGIN_URLS,
} from '@beacon/domain';
import { z } from 'zod';
import type { CUSTOMER_GROUP_ROUTES } from '../routes/customer-group.routes';
import { described, json, named, noContent, type ApiFeature } from './api-schema';

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

export const CUSTOMER_GROUP_API = {
  tag: 'Customer groups',
  description: 'Customer groups, their branded login pages and their incident module settings.',
  routes: {
    customerGroupSelf: { summary: "The caller's customer group", responses: { 200: json(CustomerGroupSchema, 'The group.') } },
    customerGroup: {
      summary: 'A customer group',
      description: "A group in the caller's reach (their own or a descendant); any other id, 404. The group's contact fields (`include_fields=true`) come with the fields calls.",
      responses: { 200: json(CustomerGroupSchema, 'The group.') },
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
