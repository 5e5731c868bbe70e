/**
 * Contact (data) fields and their options (field.routes.ts). The decider in libs/domain/src/field
 * checks the same and more (labels unique among a field's options, type fixed after creation).
 */
import {
  CONTACT_FIELD_LABEL_MAX_LENGTH,
  CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH,
  CONTACT_FIELD_TYPES,
  DISPATCH_TYPES,
  NOT_A_LIST,
  NOT_AN_OBJECT,
  NOT_A_STRING,
  REQUIRED,
} from '@beacon/domain';
import { z } from 'zod';
import type { FIELD_ROUTES } from '../routes/field.routes';
import { checked, described, json, named, noContent, queryFlag, queryInteger, referenceId, requiredText, type ApiFeature } from './api-schema';
import { BODY_ID_MISMATCH } from './incident-settings.schemas';

export const FIELD_SCENARIOS_DEFAULT_PAGE_SIZE = 10;
export const FIELD_SCENARIOS_MAX_PAGE_SIZE = 100;
export const OPTION_ENTRY_INVALID = 'Each option is a label (text) or an object with a label.';
export const PAGE_INVALID = 'A page is a whole number from 1.';
export const PAGE_SIZE_INVALID = `A page size is a whole number from 1 to ${FIELD_SCENARIOS_MAX_PAGE_SIZE}.`;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const ContactFieldTypeSchema = named(
  'ContactFieldType',
  z.enum(CONTACT_FIELD_TYPES),
  'PHONE(SMS&VOICE) yields two devices (SMS and Voice Call), PHONE(SMS) and PHONE(VOICE) one each, EMAIL one; only SINGLESELECT and MULTISELECT have options.',
);

export const ContactFieldOptionSchema = named('ContactFieldOption', z.object({ id: z.string(), field: z.string(), label: z.string() }));

const excludedOptionsByGroup = () =>
  described(
    z.record(z.string(), z.array(z.string())),
    "Option ids each customer group below the field's own does not offer, by group id; an option excluded for a group is excluded for its descendants too.",
  );

export const ContactFieldSchema = named(
  'ContactField',
  z.object({
    id: z.string(),
    label: z.string(),
    field_type: ContactFieldTypeSchema,
    customer_group: described(z.string(), 'The group the field is defined in: it applies to that group and its descendants.'),
    options: described(z.array(ContactFieldOptionSchema), 'In the order they were added (none for types other than SINGLESELECT and MULTISELECT).'),
    excluded_options_by_group: excludedOptionsByGroup(),
  }),
);

export const OptionGroupMappingSchema = named(
  'OptionGroupMapping',
  z.object({
    customer_group: z.string(),
    is_inherited: described(z.boolean(), "The field is defined in an ancestor of this group, not in the group itself."),
    excluded: described(z.boolean(), 'The group does not offer the option.'),
  }),
);

export const CustomerGroupFieldOptionSchema = named(
  'CustomerGroupFieldOption',
  ContactFieldOptionSchema.extend({
    excluded: described(z.boolean(), 'The asked group does not offer the option.'),
    mapping: described(
      z.array(OptionGroupMappingSchema),
      'With mapping=true: one entry for the asked group and, with include_child_fields (or import_by_column), one for each of its descendants the field applies to.',
    ).optional(),
    recipient_count: described(
      z.number().int(),
      'With aggregate_field_options_with_recipient_count=true: how many users of the group and the groups below it hold the option.',
    ).optional(),
  }),
);

export const FieldDeviceSchema = named(
  'FieldDevice',
  z.object({ dispatch_type: z.enum(DISPATCH_TYPES), label: z.string(), field_id: z.string(), field_label: z.string() }),
  'A device the field gives the message builder.',
);

export const CustomerGroupFieldSchema = named(
  'CustomerGroupField',
  ContactFieldSchema.extend({
    is_inherited: described(z.boolean(), 'Defined in an ancestor of the asked group.'),
    options: z.array(CustomerGroupFieldOptionSchema),
    all_options_disabled: described(z.boolean(), 'The field has options and the asked group is offered none of them.'),
    devices: z.array(FieldDeviceSchema),
  }),
);

export const ScenarioUsagePageSchema = named(
  'ScenarioUsagePage',
  z.object({
    count: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
    results: z.array(z.object({ id: z.string(), name: z.string(), scenario_id: z.string(), is_real: z.boolean() })),
  }),
  'The messages (scenarios) that use the field or option, a page at a time; next and previous are page numbers. Those the caller reaches, newest change first.',
);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const fieldType = () =>
  z.enum(CONTACT_FIELD_TYPES, {
    error: (issue) => (issue.input === undefined ? REQUIRED : `"${String(issue.input)}" is not a valid choice. Choose one of ${CONTACT_FIELD_TYPES.join(', ')}.`),
  });

const optionEntry = z.union([z.string(), z.object({ label: z.string() }).transform((option) => option.label)], { error: OPTION_ENTRY_INVALID });

export const CreateContactFieldRequestSchema = named(
  'CreateContactFieldRequest',
  z.object({
    label: checked(requiredText(CONTACT_FIELD_LABEL_MAX_LENGTH)),
    field_type: checked(fieldType()),
    customer_group: described(referenceId(), "The group to define the field in: the caller's own group or one of its descendants."),
    options: described(
      checked(z.array(optionEntry, { error: NOT_A_LIST }).nullable().optional()),
      'For SINGLESELECT and MULTISELECT only: the first options, each a label or {label}; labels unique in the field, in any case.',
    ),
  }),
);

export const ChangeContactFieldRequestSchema = named(
  'ChangeContactFieldRequest',
  z.object({
    id: described(z.string({ error: BODY_ID_MISMATCH }), 'When sent, the id of the URL.').optional(),
    label: checked(requiredText(CONTACT_FIELD_LABEL_MAX_LENGTH)).optional(),
    field_type: described(checked(fieldType()).optional(), "When sent, the field's own type: a type is fixed once the field is created."),
    customer_group: described(checked(z.string({ error: NOT_A_STRING })).optional(), "When sent, the field's own group."),
  }),
  'Renames the field. Options change through the option calls.',
);

export const ExcludedOptionsByGroupRequestSchema = named(
  'ExcludedOptionsByGroupRequest',
  z.object({
    excluded_options_by_group: described(
      checked(
        z.unknown().transform((mapping, context) => {
          // Read member by member (not z.record, which drops a "__proto__" key): every key is a group id like any other.
          if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
            context.addIssue({ code: 'custom', message: mapping === undefined ? REQUIRED : NOT_AN_OBJECT });
            return z.NEVER;
          }
          const entries = Object.entries(mapping);
          const notLists = entries.filter(([, optionIds]) => !Array.isArray(optionIds));
          for (const [customerGroupId] of notLists) context.addIssue({ code: 'custom', message: `${customerGroupId}: ${NOT_A_LIST}` });
          if (notLists.length) return z.NEVER;
          return entries.map(([customerGroupId, optionIds]) => ({ customerGroupId, optionIds: optionIds as unknown[] }));
        }),
      ),
      "The whole mapping: option ids of the field by id of a customer group below the field's own group; a group left out, or with an empty list, offers every option.",
    ),
  }),
);

export const CreateContactFieldOptionRequestSchema = named(
  'CreateContactFieldOptionRequest',
  z.object({
    field: described(referenceId(), 'A SINGLESELECT or MULTISELECT field.'),
    label: described(checked(requiredText(CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH)), "Unique among the field's options, in any case."),
  }),
);

export const ChangeContactFieldOptionRequestSchema = named(
  'ChangeContactFieldOptionRequest',
  z.object({
    field: described(z.string({ error: NOT_A_STRING }), "When sent, the option's own field: an option stays with its field.").optional(),
    label: checked(requiredText(CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH)),
  }),
);

export const CustomerGroupFieldsQuerySchema = z.object({
  mapping: queryFlag('true: each option carries its mapping per customer group.'),
  import_contacts: queryFlag('true: the fields a contact import can fill for the group (with import_by_column, those of its descendants too).'),
  import_by_column: queryFlag('With import_contacts=true, true: a column import, which also fills the fields of descendant groups.'),
  include_child_fields: queryFlag('true: fields defined in descendants of the group too.'),
  aggregate_field_options_with_recipient_count: queryFlag('true: each option carries recipient_count.'),
  has_operator_access: queryFlag('Accepted for the console; fields carry no operator-only setting yet, so it changes nothing.'),
  session_id: described(z.string(), 'Accepted for the reports; message sessions do not exist in this version yet, so it changes nothing.').optional(),
});

const pageNumber = (description: string, max: number, message: string) =>
  queryInteger(description)
    .optional()
    .refine((text) => text === undefined || !text.trim() || (Number(text) >= 1 && Number(text) <= max), { error: message });

export const ScenarioUsageQuerySchema = z.object({
  page: pageNumber('The page, from 1 (default 1).', Number.MAX_SAFE_INTEGER, PAGE_INVALID),
  page_size: pageNumber(
    `Messages per page, 1 to ${FIELD_SCENARIOS_MAX_PAGE_SIZE} (default ${FIELD_SCENARIOS_DEFAULT_PAGE_SIZE}).`,
    FIELD_SCENARIOS_MAX_PAGE_SIZE,
    PAGE_SIZE_INVALID,
  ),
});

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export const FIELD_API = {
  tag: 'Contact fields',
  description: 'Contact (data) fields of customer groups and their options. Admins change them; operators and admins load them.',
  routes: {
    customerGroupFields: {
      summary: "A customer group's contact fields",
      description:
        "The fields that apply to a group in the caller's reach: its own and those of its ancestors (root first), each option marked excluded or not for the group. Any other group, 404.",
      query: CustomerGroupFieldsQuerySchema,
      responses: { 200: json(z.array(CustomerGroupFieldSchema), 'The fields.') },
    },
    createContactField: {
      summary: 'Create a contact field',
      description: "In a group in the caller's reach (else 404); it applies to that group and its descendants.",
      body: CreateContactFieldRequestSchema,
      responses: { 201: json(ContactFieldSchema, 'The new field.') },
    },
    changeContactField: {
      summary: 'Rename a contact field',
      body: ChangeContactFieldRequestSchema,
      responses: { 200: json(ContactFieldSchema, 'The field as it now stands.') },
    },
    deleteContactField: {
      summary: 'Delete a contact field',
      description: 'With its options. A field that messages use answers 400 saying how many.',
      responses: noContent('Deleted.'),
    },
    changeExcludedOptionsByGroup: {
      summary: "Set which of a field's options each descendant group does not offer",
      description:
        "A group outside the caller's reach answers 404; a group in reach that is not below the field's group, or an id that is not one of the field's options, 400 naming it.",
      body: ExcludedOptionsByGroupRequestSchema,
      responses: { 200: json(ContactFieldSchema, 'The field as it now stands.') },
    },
    createContactFieldOption: {
      summary: 'Add an option to a contact field',
      body: CreateContactFieldOptionRequestSchema,
      responses: { 201: json(ContactFieldOptionSchema, 'The new option.') },
    },
    changeContactFieldOption: {
      summary: 'Rename an option',
      body: ChangeContactFieldOptionRequestSchema,
      responses: { 200: json(ContactFieldOptionSchema, 'The option as it now stands.') },
    },
    deleteContactFieldOption: {
      summary: 'Delete an option',
      description: "The group of the URL is the field's own group. An option that messages use answers 400 saying how many.",
      responses: noContent('Deleted, and no longer excluded anywhere.'),
    },
    fieldScenarios: {
      summary: 'The messages that use a field',
      query: ScenarioUsageQuerySchema,
      responses: { 200: json(ScenarioUsagePageSchema, 'A page of messages.') },
    },
    fieldOptionScenarios: {
      summary: 'The messages that use an option',
      query: ScenarioUsageQuerySchema,
      responses: { 200: json(ScenarioUsagePageSchema, 'A page of messages.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof FIELD_ROUTES>;

export type ContactFieldDto = z.output<typeof ContactFieldSchema>;
export type ContactFieldOptionDto = z.output<typeof ContactFieldOptionSchema>;
export type CustomerGroupFieldDto = z.output<typeof CustomerGroupFieldSchema>;
export type CustomerGroupFieldOptionDto = z.output<typeof CustomerGroupFieldOptionSchema>;
export type OptionGroupMappingDto = z.output<typeof OptionGroupMappingSchema>;
export type ScenarioUsagePageDto = z.output<typeof ScenarioUsagePageSchema>;
