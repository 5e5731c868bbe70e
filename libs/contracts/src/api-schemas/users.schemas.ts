/** Users (users.routes.ts). */
import {
  BLANK,
  CUSTOMER_PERMISSIONS,
  CUSTOMER_PERMISSION_INVALID_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  FIELD_TEXT_MAX_LENGTH,
  FIELD_VALUES_MAX,
  isIanaTimeZone,
  NOT_A_BOOLEAN,
  NOT_A_STRING,
  NOT_AN_INTEGER,
  NO_MATCHING_RESULTS_MESSAGE,
  notAChoice,
  REQUIRED,
  TIMEZONE_INVALID,
  USER_NAME_MAX_LENGTH,
} from '@beacon/domain';
import { z } from 'zod';
import {
  USER_LIST_DEFAULT_PAGE_SIZE,
  USER_LIST_FILTER_FIELDS,
  USER_LIST_MAX_PAGE_SIZE,
  USER_LIST_MISSING_VALUE_FIELDS,
  USER_LIST_SORT_KEYS,
} from '../api/users.dto';
import type { USERS_ROUTES } from '../routes/users.routes';
import { described, json, named, noContent, queryFlag, type ApiFeature } from './api-schema';
import { LoggedUserSchema } from './session.schemas';
import { UserFieldValueSchema } from './user-field-values.schemas';

export const UserQuerySchema = z.object({
  custom_fields: queryFlag("true: the answer has custom_fields, every contact field of the user's customer group with the user's values."),
});


/** The longest id or value a caller may send in `custom_fields` (longer ones are refused before any lookup). */
const FIELD_ID_MAX_LENGTH = 100;

const customFields = () =>
  described(
    z
      .array(
        z.object({
          field: z.string({ error: NOT_A_STRING }).trim().min(1, { error: REQUIRED }).max(FIELD_ID_MAX_LENGTH),
          values: z.array(z.string({ error: NOT_A_STRING }).max(FIELD_TEXT_MAX_LENGTH, { error: `Ensure each value has at most ${FIELD_TEXT_MAX_LENGTH} characters.` })).max(FIELD_VALUES_MAX),
        }),
        { error: 'Expected a list of {field, values}.' },
      )
      .max(MAX_CUSTOM_FIELDS, { error: `Send at most ${MAX_CUSTOM_FIELDS} fields at once.` }),
    "The user's contact-field values: devices (phone numbers, typed with their country code or as numbers of the group's country; emails) and data (text, numbers, postcodes, pagers, option ids of the select fields). Each entry sets one field's values; an empty list clears it; fields not sent keep theirs.",
  );

/** The most fields one request sets (a group's fields, with room). */
const MAX_CUSTOM_FIELDS = 500;

export const UserSchema = named(
  'User',
  LoggedUserSchema.extend({
    failed_attempts: described(z.number().int(), 'Consecutive failed sign-ins.'),
    is_locked: described(z.boolean(), 'Sign-in is refused now, until locked_until.'),
    locked_until: z.string().nullable(),
    password_reset_attempts: z.number().int(),
    two_factor_enabled: z.boolean(),
    last_activity: described(z.string().nullable(), "Time of the user's last authenticated call (ISO 8601), null when never signed in."),
    is_active: described(z.boolean(), 'True unless an admin or data user turned it off.'),
    is_message_recipient: described(z.boolean(), 'Whether messages reach the user.'),
    custom_fields: z.array(UserFieldValueSchema).optional(),
  }),
);

const userName = () => z.string({ error: NOT_A_STRING }).trim().min(1, { error: BLANK }).max(USER_NAME_MAX_LENGTH);
const flag = () => z.boolean({ error: NOT_A_BOOLEAN });
const timeZone = () =>
  described(
    z.string({ error: NOT_A_STRING }).refine(isIanaTimeZone, { error: TIMEZONE_INVALID }),
    'An IANA time zone, e.g. Europe/London.',
  );
const role = () => described(z.enum(CUSTOMER_PERMISSIONS, { error: CUSTOMER_PERMISSION_INVALID_MESSAGE }), "The user's role in their customer group.");
const email = () => z.string({ error: NOT_A_STRING }).trim().toLowerCase().pipe(z.email({ error: EMAIL_INVALID_MESSAGE }));

export const CreateUserRequestSchema = named(
  'CreateUserRequest',
  z.object({
    email: described(email(), 'Unique across the platform (case-insensitive); a taken one answers 409.'),
    first_name: userName(),
    last_name: userName(),
    customer_group: described(z.string({ error: NOT_A_STRING }), "The user's customer group: the caller's own group or one of its descendants."),
    customer_permission: role(),
    preferred_timezone: timeZone(),
    is_active: flag().default(true),
    is_message_recipient: flag().default(true),
    custom_fields: customFields().optional(),
  }),
  'A new user, without a password: the user will set one through the welcome email (a later increment). Only an admin gives the admin role or a role the group locks (locked_users).',
);

export const ChangeUserRequestSchema = named(
  'ChangeUserRequest',
  z.object({
    email: described(email(), 'A new email, unique across the platform (case-insensitive): one another user holds answers 409. The user signs in with it from now on.').optional(),
    first_name: userName().optional(),
    last_name: userName().optional(),
    customer_group: described(z.string({ error: NOT_A_STRING }), "Moves the user to this group of the caller's reach.").optional(),
    customer_permission: role().optional(),
    preferred_timezone: timeZone().optional(),
    is_active: flag().optional(),
    is_message_recipient: flag().optional(),
    custom_fields: customFields().optional(),
  }),
  'Every field is optional: only those sent change. A user editing themselves (send_verification_email on, not admin or data) may change only first_name, last_name, preferred_timezone and custom_fields.',
);

export const ImpersonationTokenSchema = named(
  'ImpersonationToken',
  z.object({
    token: described(z.string(), 'Single use: exchange it at POST /api/rest-auth/impersonate_login/.'),
    login_url: described(z.string(), 'The console route that exchanges it.'),
    expires_at: z.string(),
  }),
);

const LIST_TEXT_MAX_LENGTH = 200;
const FLAG_TEXT = /^\s*(?:true|false)?\s*$/i;
const WHOLE_NUMBER = /^\s*\d*\s*$/;
const isBlank = (text: string | undefined) => text === undefined || text.trim() === '';
const choice = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  described(
    z
      .string({ error: NOT_A_STRING })
      .trim()
      .refine((text) => text === '' || values.includes(text), { error: (issue) => notAChoice(issue.input) }),
    `${description} One of: ${values.join(', ')}.`,
  );
/** true or false in any case; blank or left out: false. Anything else answers 400. */
const listFlag = (description: string) =>
  described(z.string({ error: NOT_A_BOOLEAN }).regex(FLAG_TEXT, { error: NOT_A_BOOLEAN }), description)
    .optional()
    .transform((text) => text?.trim().toLowerCase() === 'true');
const wholeNumber = (description: string, valid: (value: number) => boolean, message: string) =>
  described(
    z
      .string({ error: NOT_AN_INTEGER })
      .regex(WHOLE_NUMBER, { error: NOT_AN_INTEGER })
      .refine((text) => isBlank(text) || valid(Number(text)), { error: message }),
    description,
  ).optional();
const listText = (description: string) => described(z.string({ error: NOT_A_STRING }).max(LIST_TEXT_MAX_LENGTH), description).optional();

/** Contact field ids are UUIDs. */
export const CONTACT_FIELD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One of the attributes, or the id of a contact field; blank counts as absent. */
const attributeOrContactField = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  described(
    z
      .string({ error: NOT_A_STRING })
      .trim()
      .refine((text) => text === '' || values.includes(text) || CONTACT_FIELD_ID_PATTERN.test(text), {
        error: (issue) => `${notAChoice(issue.input)} Use one of ${values.join(', ')}, or a contact field's id.`,
      }),
    `${description} Attributes: ${values.join(', ')}.`,
  ).optional();

const isFlagText = (value: string) => /^(true|false)$/i.test(value);
/** The values `value` takes for the flags and the role; the other attributes take any text. */
const FILTER_VALUE_RULES: ReadonlyMap<string, { valid: (value: string) => boolean; message: string }> = new Map([
  ['is_active', { valid: isFlagText, message: NOT_A_BOOLEAN }],
  ['is_message_recipient', { valid: isFlagText, message: NOT_A_BOOLEAN }],
  ['customer_permission', { valid: (value: string) => (CUSTOMER_PERMISSIONS as readonly string[]).includes(value.toUpperCase()), message: CUSTOMER_PERMISSION_INVALID_MESSAGE }],
]);

/**
 * GET /api/customer_group/{id}/users/: blank parameters count as absent; anything the list does not
 * take answers 400 under the parameter's name.
 */
/** The list's filters and order, which its exports take too. */
const USER_LIST_FILTER_SHAPE = {
  all: listFlag("true: the users of the group's descendants too."),
  field: attributeOrContactField(USER_LIST_FILTER_FIELDS, 'With `value`: only users whose attribute, or whose value of the contact field with this id, equals it (text in any case; an option id for a select field).'),
  value: listText('The value `field` must have: true or false for the flags, a role for customer_permission.'),
  search_by_missing_value: attributeOrContactField(
    USER_LIST_MISSING_VALUE_FIELDS,
    'Only users whose attribute is empty (last_activity: never signed in), or who have no value of the contact field with this id (e.g. no mobile number).',
  ),
  search_by_address_string: listText('Text the user\'s address string ("First Last <email>") contains, in any case.'),
  sort_by: choice(USER_LIST_SORT_KEYS, 'The order (default last_name).').optional(),
  descending: listFlag('true: the order reversed.'),
};

/** `field` and `value` come together, and `value` suits the field. */
const checkFilterValue = ({ field, value }: { field?: string; value?: string }, context: z.RefinementCtx) => {
  if (!isBlank(field) && isBlank(value)) context.addIssue({ code: 'custom', path: ['value'], message: REQUIRED });
  if (isBlank(field) && !isBlank(value)) context.addIssue({ code: 'custom', path: ['field'], message: REQUIRED });
  const rule = isBlank(field) || isBlank(value) ? undefined : FILTER_VALUE_RULES.get(field!.trim());
  if (rule && !rule.valid(value!.trim())) context.addIssue({ code: 'custom', path: ['value'], message: rule.message });
};

export const UserListQuerySchema = z
  .object({
    ...USER_LIST_FILTER_SHAPE,
    items_per_page: wholeNumber(
      `Users per page, 1 to ${USER_LIST_MAX_PAGE_SIZE} (default ${USER_LIST_DEFAULT_PAGE_SIZE}).`,
      (size) => size >= 1 && size <= USER_LIST_MAX_PAGE_SIZE,
      `Ensure this value is between 1 and ${USER_LIST_MAX_PAGE_SIZE}.`,
    ),
    page_number: wholeNumber('The page, from 1.', (page) => page >= 1, 'Ensure this value is greater than or equal to 1.'),
  })
  .superRefine(checkFilterValue);

/** The file formats of the users exports. */
export const USER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type UserExportFormat = (typeof USER_EXPORT_FORMATS)[number];

const exportFormat = () =>
  choice(USER_EXPORT_FORMATS, 'The file: csv (default, UTF-8 with a byte order mark) or xlsx.')
    .optional()
    .transform((text): UserExportFormat => (isBlank(text) ? 'csv' : (text!.trim() as UserExportFormat)));

/**
 * GET /api/user/list_users_export/{id}/: the list's filters and order, no paging (every matching user),
 * and `format`.
 */
export const UserListExportQuerySchema = z.object({ ...USER_LIST_FILTER_SHAPE, format: exportFormat() }).superRefine(checkFilterValue);

/** A flag of the export's JSON body: true or false, left out: false. */
const bodyFlag = (description: string) =>
  described(z.boolean({ error: NOT_A_BOOLEAN }), description)
    .optional()
    .transform((flag) => flag ?? false);

/**
 * POST /api/export_users: the customer group whose users to export, the format, and the list's filters
 * and order (the same names and texts as its query string; `all` and `descending` are JSON booleans).
 */
export const ExportUsersRequestSchema = named(
  'ExportUsersRequest',
  z
    .object({
      customer_group: described(z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }), 'The customer group whose users to export (in your reach).'),
      format: exportFormat(),
      ...USER_LIST_FILTER_SHAPE,
      all: bodyFlag("true: the users of the group's descendants too."),
      descending: bodyFlag('true: the order reversed.'),
    })
    .superRefine(checkFilterValue),
);

export const UserListItemSchema = named(
  'UserListItem',
  UserSchema.extend({ address_string: described(z.string(), 'The label the list shows and searches: "First Last <email>".') }),
);

export const UserListPageSchema = named(
  'UserListPage',
  z.object({
    data: z.array(UserListItemSchema),
    count: described(z.number().int(), 'Users that match, on every page.'),
    number_of_pages: z.number().int(),
    page_number: z.number().int(),
    items_per_page: z.number().int(),
    detail: described(z.string(), `Only when nothing matches: "${NO_MATCHING_RESULTS_MESSAGE}"`).optional(),
  }),
);

export const USERS_API = {
  tag: 'Users',
  description: "Users of the caller's customer group and its descendants.",
  routes: {
    user: {
      summary: 'A user',
      description: "Anyone may read themselves; admins, operators, senders and data users read the users in their reach. Others' ids answer 404.",
      query: UserQuerySchema,
      responses: { 200: json(UserSchema, 'The user.') },
    },
    customerGroupUsers: {
      summary: "A customer group's users",
      description:
        "Admins, operators, senders and data users, for a group of their reach (another, or another organisation's, answers 404): the group's own users, with all=true those of its descendants too; filtered, sorted and a page at a time.",
      query: UserListQuerySchema,
      responses: { 200: json(UserListPageSchema, 'A page of users; none matching answers an empty page with `detail`.') },
    },
    listUsersExport: {
      summary: "Export a customer group's users (CSV or XLSX)",
      description:
        "The list's guard, reach and filters, without paging: every matching user in the list's order, as CSV (default) or XLSX with format=xlsx. Columns: first name, last name, email, role, customer group, active, message recipient, preferred time zone, last activity (ISO), address string; a cell starting with = + - @, a tab or a carriage return is prefixed with a single quote.",
      query: UserListExportQuerySchema,
      responses: {
        200: {
          description: 'A CSV file (UTF-8 with a byte order mark) or an XLSX workbook of the matching users.',
          file: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        },
      },
    },
    exportUsers: {
      summary: "Export a customer group's users (CSV or XLSX), filters in a JSON body",
      description: 'As GET /api/user/list_users_export/{id}/, with the group in `customer_group` and the filters in the body.',
      body: ExportUsersRequestSchema,
      responses: {
        200: {
          description: 'A CSV file (UTF-8 with a byte order mark) or an XLSX workbook of the matching users.',
          file: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        },
      },
    },
    createUser: {
      summary: 'Create a user',
      description:
        "Admins and data users, in a group of their reach (another answers 404). Only an admin gives the admin role or a role the group's locked_users locks (403).",
      body: CreateUserRequestSchema,
      responses: { 201: json(UserSchema, 'The user, as GET /api/user/{id}/ answers it.') },
    },
    changeUser: {
      summary: 'Change a user',
      description:
        "The profile-edit rule: admins and data users change users in their reach; anyone changes their own name and time zone when their group's send_verification_email is on. A user whose role the group locks, or an admin, is changed only by an admin, and only an admin gives or takes a locked role or the admin role (403).",
      body: ChangeUserRequestSchema,
      responses: { 200: json(UserSchema, 'The user as now stored.') },
    },
    deleteUser: {
      summary: 'Delete a user',
      description:
        'The user can no longer sign in, disappears from reads and lists, and their email may be used again; their activity log entries stay. Deleting yourself answers 400; a user of a locked role or an admin may be deleted only by an admin (403).',
      responses: noContent('Deleted.'),
    },
    deleteFailedLoginAttempts: {
      summary: "Clear a user's failed sign-ins (unlock)",
      responses: noContent('Cleared.'),
    },
    deletePasswordResetAttempts: {
      summary: "Clear a user's password reset requests",
      responses: noContent('Cleared.'),
    },
    impersonate: {
      summary: 'A one-time link to sign in as a user',
      responses: { 200: json(ImpersonationTokenSchema, 'The link.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof USERS_ROUTES>;
