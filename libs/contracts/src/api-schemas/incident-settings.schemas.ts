/**
 * Incident settings (incident-settings.routes.ts): fields and their options, forms, field groups with
 * their display conditions, form rules and templates. The deciders in libs/domain/src/incident-settings
 * check the same and more (names unique, references to things the organisation has).
 */
import {
  CUSTOMER_PERMISSIONS,
  DISPLAY_CONDITION_STATES,
  DISPLAY_CONDITION_TYPES,
  FORM_RULE_TYPES,
  INCIDENT_FIELD_TYPES,
  BLANK,
  NOT_A_BOOLEAN,
  NOT_A_LIST,
  NOT_A_STRING,
  NOT_AN_OBJECT,
  REQUIRED,
  notAChoice,
  TEMPLATE_SUBDOMAIN_INVALID,
} from '@beacon/domain';
import { z } from 'zod';
import type { INCIDENT_SETTINGS_ROUTES } from '../routes/incident-settings.routes';
import {
  checked,
  checkedOrder,
  described,
  json,
  named,
  noContent,
  optionalText,
  referenceId,
  requiredOrder,
  requiredText,
  type ApiAnswer,
  type ApiFeature,
} from './api-schema';

/** The deciders' limits (libs/domain/src/incident-settings/*.decide.ts), in characters of the trimmed text. */
export const INCIDENT_SETTINGS_LIMITS = {
  fieldLabel: 100,
  optionValue: 200,
  formName: 100,
  fieldGroupTitle: 200,
  fieldGroupContent: 100_000,
  ruleName: 100,
  ruleMessage: 500,
  /** Counted as sent, spaces included. */
  ruleValue: 1000,
  templateName: 100,
  templateIncidentTitle: 200,
  templateLogoUrl: 2000,
} as const;

const L = INCIDENT_SETTINGS_LIMITS;

/** The message of a body `id` that is not the URL's. */
export const BODY_ID_MISMATCH = 'Does not match the id of the URL.';

/** A PUT may repeat the id of the URL; a different one is refused. */
const repeatedId = () => described(z.string({ error: BODY_ID_MISMATCH }), 'When sent, the id of the URL.').optional();

/** A yes/no value the deciders read: anything else, null included, is "Must be a valid boolean.". */
const optionalBoolean = () => z.boolean({ error: NOT_A_BOOLEAN }).optional();

/**
 * A list whose entries the decider checks one by one (display conditions, a group's fields, a
 * template's values), with messages that name the entry ("Condition 2: …"); here only that it is a list.
 */
const checkedList = (description: string) => described(checked(z.array(z.unknown(), { error: NOT_A_LIST }).nullable().optional()), description);

/** An object whose members the decider checks (a template's branding), with messages under the object's own name. */
const checkedObject = (description: string) =>
  described(checked(z.record(z.string(), z.unknown(), { error: NOT_AN_OBJECT }).nullable().optional()), description);

/** A list of ids (a DELETE body): every entry must be a string. */
const idList = (description: string) =>
  described(
    z
      .array(z.unknown(), { error: NOT_A_LIST })
      .refine((ids) => ids.every((id) => typeof id === 'string'), { error: 'Every entry must be an id (a string).' })
      .transform((ids) => [...new Set(ids as string[])]),
    description,
  );

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const IncidentFieldTypeSchema = named('IncidentFieldType', z.enum(INCIDENT_FIELD_TYPES));
export const FormRuleTypeSchema = named(
  'FormRuleType',
  z.enum(FORM_RULE_TYPES),
  'What a rule checks: a length (min_length, max_length: a whole number), a number (min_value, max_value), a regular expression (pattern) or a date (not_before, not_after: YYYY-MM-DD).',
);
export const DisplayConditionTypeSchema = named('DisplayConditionType', z.enum(DISPLAY_CONDITION_TYPES));

export const FieldChoiceOptionSchema = named('FieldChoiceOption', z.object({ id: z.string(), field: z.string(), value: z.string() }));

export const IncidentFieldSchema = named(
  'IncidentField',
  z.object({
    id: z.string(),
    label: z.string(),
    field_type: IncidentFieldTypeSchema,
    is_pii: z.boolean(),
    order: z.string(),
    options: described(z.array(FieldChoiceOptionSchema), 'Choice options of a SINGLESELECT or MULTISELECT field (empty otherwise).'),
  }),
);

export const DisplayConditionSchema = named(
  'DisplayCondition',
  z.object({
    type: DisplayConditionTypeSchema,
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    values: z.array(z.unknown()).nullable().optional(),
    field_id: z.string().nullable().optional(),
    field_type: IncidentFieldTypeSchema.nullable().optional(),
    field_group_id: z.string().nullable().optional(),
  }),
  'The group shows when the condition is met: the incident is in one of the states, the user has one of the permissions, or the field has one of the values.',
);

export const FormFieldMappingSchema = named('FormFieldMapping', z.object({ field: z.string(), is_required: z.boolean() }));

export const FieldGroupSchema = named(
  'FieldGroup',
  z.object({
    id: z.string(),
    title: z.string(),
    content: described(z.string(), "Rich text shown above the group's fields."),
    form: z.string(),
    order: z.string(),
    display_conditions: z.array(DisplayConditionSchema),
    form_field_mappings: z.array(FormFieldMappingSchema),
  }),
);

export const IncidentFormSchema = named(
  'IncidentForm',
  z.object({ id: z.string(), name: z.string(), order: z.string(), field_groups: z.array(FieldGroupSchema) }),
);

export const FormRuleSchema = named(
  'FormRule',
  z.object({
    id: z.string(),
    form: z.string(),
    order: z.string(),
    name: z.string(),
    for_field: z.string(),
    type: FormRuleTypeSchema,
    value: z.string(),
    message: described(z.string(), 'What a user is told when a value breaks the rule.'),
  }),
);

export const FieldAppearancesSchema = named(
  'FieldAppearances',
  z.object({
    field: z.string(),
    field_groups: z.array(z.object({ id: z.string(), title: z.string(), form: z.string(), form_name: z.string() })),
    conditions: z.array(z.object({ field_group_id: z.string(), title: z.string(), form: z.string(), form_name: z.string() })),
    rules: z.array(FormRuleSchema),
  }),
  'Where a field is used: the groups mapping it, the groups with a display condition on it, and its rules.',
);

export const ConditionFieldTypeSchema = named(
  'ConditionFieldType',
  z.object({ id: z.string(), field_type: IncidentFieldTypeSchema, options: z.array(FieldChoiceOptionSchema) }),
);

export const TemplateBrandingSchema = named(
  'TemplateBranding',
  z.object({ label_color: z.string(), header_color: z.string().optional(), logo_url: z.string().optional() }),
);

export const TemplateFieldValueSchema = named(
  'TemplateFieldValue',
  z.object({ field: z.string(), field_group: z.string(), values: z.array(z.unknown()) }),
  "A preset value of a template, in the shape of an incident payload's entries.",
);

export const IncidentTemplateSchema = named(
  'IncidentTemplate',
  z.object({
    id: z.string(),
    name: z.string(),
    form: z.string(),
    incident_title: z.string(),
    subdomain: described(z.string(), 'Selects the template on the public incident template page; "" for none.'),
    template_branding: TemplateBrandingSchema,
    field_values: z.array(TemplateFieldValueSchema),
    is_open: z.boolean(),
  }),
);

export const IncidentTemplateWithFormSchema = named(
  'IncidentTemplateWithForm',
  z.object({
    template: IncidentTemplateSchema,
    form: IncidentFormSchema,
    fields: described(z.record(z.string(), IncidentFieldSchema), 'Every field the form uses, by id.'),
    module_name: z.string(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const MoveRequestSchema = named(
  'MoveRequest',
  z.object({ order: described(requiredOrder(), 'An ordering key: one or more lowercase letters a-z.') }),
  'Moves the item to the ordering key.',
);

export const CreateIncidentFieldRequestSchema = named(
  'CreateIncidentFieldRequest',
  z.object({
    label: checked(requiredText(L.fieldLabel)),
    field_type: checked(IncidentFieldTypeSchema),
    is_pii: checked(optionalBoolean()),
    order: checkedOrder(),
  }),
);

export const ChangeIncidentFieldRequestSchema = named(
  'ChangeIncidentFieldRequest',
  z.object({
    id: repeatedId(),
    label: checked(requiredText(L.fieldLabel)),
    field_type: checked(IncidentFieldTypeSchema),
    is_pii: checked(optionalBoolean()),
  }),
  'A field that stops being a choice field loses its options.',
);

export const CreateFieldOptionRequestSchema = named(
  'CreateFieldOptionRequest',
  z.object({
    field: described(checked(referenceId()), 'A SINGLESELECT or MULTISELECT field.'),
    value: described(checked(requiredText(L.optionValue)), "Unique among the field's options, in any case."),
  }),
);

export const ChangeFieldOptionRequestSchema = named(
  'ChangeFieldOptionRequest',
  z.object({
    field: described(checked(z.string().optional()), "When sent, the option's own field: an option stays with its field."),
    value: checked(requiredText(L.optionValue)),
  }),
);

export const DeleteFieldRulesRequestSchema = named(
  'DeleteFieldRulesRequest',
  z.object({ rules: idList('Ids of rules of the field.') }),
);

export const DeleteFieldConditionsRequestSchema = named(
  'DeleteFieldConditionsRequest',
  z.object({ field_group_ids: idList('The groups whose display conditions on the field go.') }),
);

export const IncidentFormRequestSchema = named('IncidentFormRequest', z.object({ name: checked(requiredText(L.formName)), order: checkedOrder() }));

export const RenameIncidentFormRequestSchema = named('RenameIncidentFormRequest', z.object({ id: repeatedId(), name: checked(requiredText(L.formName)) }));

const conditionValue = z.union([z.string(), z.number(), z.boolean()]);

export const DisplayConditionRequestSchema = named(
  'DisplayConditionRequest',
  z.object({
    type: DisplayConditionTypeSchema,
    value: conditionValue.nullable().optional(),
    values: described(z.array(conditionValue), 'Further values, any one of which meets the condition.').nullable().optional(),
    field_id: described(z.string(), 'For a field condition: the field it looks at (or send it as `field`).').nullable().optional(),
    field: z.string().nullable().optional(),
  }),
  `A state condition names states (${DISPLAY_CONDITION_STATES.join(', ')}), a permission condition roles (${CUSTOMER_PERMISSIONS.join(', ')}), in any case; a field condition names a field and the value that shows the group (none needed for ATTACHMENT and CHECKBOX: met when empty).`,
);

export const FormFieldMappingRequestSchema = named(
  'FormFieldMappingRequest',
  z.object({ field: z.string(), is_required: z.boolean().optional() }),
);

const fieldGroupFields = {
  title: checked(requiredText(L.fieldGroupTitle)),
  content: checked(optionalText(L.fieldGroupContent)),
  form: checked(referenceId()),
  order: checkedOrder(),
  display_conditions: checkedList('When the group shows: a list of DisplayConditionRequest.'),
  form_field_mappings: checkedList("The group's fields, each once: a list of FormFieldMappingRequest."),
};

export const FieldGroupRequestSchema = named('FieldGroupRequest', z.object(fieldGroupFields));

export const ChangeFieldGroupRequestSchema = named(
  'ChangeFieldGroupRequest',
  z.object({ id: repeatedId(), ...fieldGroupFields }),
  'Replaces the title, content, form, conditions and fields; the order stays unless given.',
);

const formRuleFields = {
  name: checked(optionalText(L.ruleName)),
  for_field: described(checked(referenceId()), 'A field of the form.'),
  type: checked(
    z.enum(FORM_RULE_TYPES, {
      error: (issue) => (issue.input === undefined ? REQUIRED : `${notAChoice(issue.input)} Choose one of ${FORM_RULE_TYPES.join(', ')}.`),
    }),
  ),
  value: described(checked(z.string().regex(/\S/, { error: BLANK }).max(L.ruleValue)), "The rule's limit as text, suited to its type."),
  message: checked(requiredText(L.ruleMessage)),
  order: checkedOrder(),
};

export const FormRuleRequestSchema = named('FormRuleRequest', z.object(formRuleFields));
export const ChangeFormRuleRequestSchema = named('ChangeFormRuleRequest', z.object({ id: repeatedId(), ...formRuleFields }));

const colour = () => described(z.string().regex(/^#[0-9a-fA-F]{6}$/).or(z.literal('')).nullable().optional(), 'A colour as #rrggbb; left out, null or "" for none.');

export const TemplateBrandingRequestSchema = named(
  'TemplateBrandingRequest',
  z.object({ label_color: colour(), header_color: colour(), logo_url: optionalText(L.templateLogoUrl) }),
  'What is left out keeps its current value (label colour by default #1976d2).',
);

export const TemplateFieldValueRequestSchema = named(
  'TemplateFieldValueRequest',
  z.object({ field: z.string(), field_group: z.string(), values: z.array(z.unknown()) }),
  'Values of a field mapped in a field group of the form, each pair once; attachments must have been uploaded.',
);

export const IncidentTemplateFieldsSchema = named(
  'IncidentTemplateFields',
  z.object(
    {
      name: checked(requiredText(L.templateName)),
      form: checked(referenceId()),
      incident_title: checked(optionalText(L.templateIncidentTitle)),
      subdomain: described(
        checked(
          z
            .string({ error: NOT_A_STRING })
            .trim()
            .regex(/^(?:[a-z0-9-]{2,50})?$/, { error: TEMPLATE_SUBDOMAIN_INVALID })
            .nullable()
            .optional(),
        ),
        'Selects the template on the public page: 2 to 50 lowercase letters, digits or hyphens, unique across the platform; "" for none.',
      ),
      template_branding: checkedObject('A TemplateBrandingRequest.'),
      field_values: checkedList('A list of TemplateFieldValueRequest.'),
    },
    { error: (issue) => (issue.input === undefined ? REQUIRED : NOT_AN_OBJECT) },
  ),
  "A template's values; on a change, what is left out keeps its current value.",
);

export const CreateIncidentTemplateRequestSchema = named('CreateIncidentTemplateRequest', z.object({ data: IncidentTemplateFieldsSchema }));
export const ChangeIncidentTemplateRequestSchema = named(
  'ChangeIncidentTemplateRequest',
  z.object({ incident_template: IncidentTemplateFieldsSchema }),
);

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

const created = (schema: z.ZodType, what: string): Readonly<Record<number, ApiAnswer>> => ({ 201: json(schema, `The new ${what}.`) });
const changed = (schema: z.ZodType, what: string): Readonly<Record<number, ApiAnswer>> => ({ 200: json(schema, `The ${what} as it now stands.`) });

export const INCIDENT_SETTINGS_API = {
  tag: 'Incident settings',
  description: 'Incident fields and their options, forms and field groups, form rules and templates. Reads for every incident role; changes for admins and operators.',
  routes: {
    formRules: { summary: "A form's rules", responses: { 200: json(z.array(FormRuleSchema), 'The rules in order.') } },
    createFormRule: { summary: 'Add a rule to a form', body: FormRuleRequestSchema, responses: created(FormRuleSchema, 'rule') },
    formRule: { summary: 'A form rule', responses: { 200: json(FormRuleSchema, 'The rule.') } },
    changeFormRule: { summary: 'Change a form rule', body: ChangeFormRuleRequestSchema, responses: changed(FormRuleSchema, 'rule') },
    moveFormRule: { summary: 'Move a form rule', body: MoveRequestSchema, responses: changed(FormRuleSchema, 'rule') },
    deleteFormRule: { summary: 'Delete a form rule', responses: noContent('Deleted.') },

    incidentFields: { summary: 'Incident fields', responses: { 200: json(z.array(IncidentFieldSchema), 'The fields in order.') } },
    createIncidentField: { summary: 'Create an incident field', body: CreateIncidentFieldRequestSchema, responses: created(IncidentFieldSchema, 'field') },
    incidentField: { summary: 'An incident field', responses: { 200: json(IncidentFieldSchema, 'The field.') } },
    changeIncidentField: { summary: 'Change an incident field', body: ChangeIncidentFieldRequestSchema, responses: changed(IncidentFieldSchema, 'field') },
    moveIncidentField: { summary: 'Move an incident field', body: MoveRequestSchema, responses: changed(IncidentFieldSchema, 'field') },
    deleteIncidentField: {
      summary: 'Delete an incident field',
      description: 'A field still used by rules or display conditions answers 400 naming them: delete those first.',
      responses: noContent('Deleted, with its options and its places in field groups.'),
      errors: { 400: { description: 'The field is still used by rules or display conditions.' } },
    },
    fieldChoices: { summary: 'Every choice option', responses: { 200: json(z.array(FieldChoiceOptionSchema), 'The options, field by field.') } },
    fieldAppearances: { summary: 'Where a field is used', responses: { 200: json(FieldAppearancesSchema, 'Its groups, conditions and rules.') } },
    createFieldOption: { summary: 'Add a choice option to a field', body: CreateFieldOptionRequestSchema, responses: created(FieldChoiceOptionSchema, 'option') },
    changeFieldOption: { summary: 'Change a choice option', body: ChangeFieldOptionRequestSchema, responses: changed(FieldChoiceOptionSchema, 'option') },
    deleteFieldOption: { summary: 'Delete a choice option', responses: noContent('Deleted.') },
    fieldRules: { summary: "A field's rules", responses: { 200: json(z.array(FormRuleSchema), 'The rules.') } },
    deleteFieldRules: { summary: "Delete rules of a field (before deleting it)", body: DeleteFieldRulesRequestSchema, responses: noContent('Deleted.') },
    deleteFieldConditions: {
      summary: "Delete the display conditions on a field (before deleting it)",
      body: DeleteFieldConditionsRequestSchema,
      responses: noContent('Deleted.'),
    },

    incidentForms: { summary: 'Incident forms', responses: { 200: json(z.array(IncidentFormSchema), 'The forms in order, with their field groups.') } },
    createIncidentForm: { summary: 'Create an incident form', body: IncidentFormRequestSchema, responses: created(IncidentFormSchema, 'form') },
    incidentForm: { summary: 'An incident form', responses: { 200: json(IncidentFormSchema, 'The form.') } },
    renameIncidentForm: { summary: 'Rename an incident form', body: RenameIncidentFormRequestSchema, responses: changed(IncidentFormSchema, 'form') },
    moveIncidentForm: { summary: 'Move an incident form', body: MoveRequestSchema, responses: changed(IncidentFormSchema, 'form') },
    deleteIncidentForm: {
      summary: 'Delete an incident form',
      description: 'Its field groups and rules go with it. A form that templates use answers 400 naming them.',
      responses: noContent('Deleted.'),
      errors: { 400: { description: 'Templates use the form.' } },
    },
    formFields: { summary: 'The fields a form uses', responses: { 200: json(z.array(IncidentFieldSchema), "In its groups' order.") } },
    conditionFieldType: { summary: 'What a display condition on a field can test', responses: { 200: json(ConditionFieldTypeSchema, 'Its type and options.') } },
    createFieldGroup: { summary: 'Create a field group', body: FieldGroupRequestSchema, responses: created(FieldGroupSchema, 'field group') },
    fieldGroup: { summary: 'A field group', responses: { 200: json(FieldGroupSchema, 'The field group.') } },
    changeFieldGroup: { summary: 'Change a field group', body: ChangeFieldGroupRequestSchema, responses: changed(FieldGroupSchema, 'field group') },
    moveFieldGroup: { summary: 'Move a field group', body: MoveRequestSchema, responses: changed(FieldGroupSchema, 'field group') },
    deleteFieldGroup: { summary: 'Delete a field group', responses: noContent('Deleted.') },

    incidentTemplates: { summary: 'Incident templates', responses: { 200: json(z.array(IncidentTemplateSchema), 'The templates by name.') } },
    createIncidentTemplate: { summary: 'Create an incident template', body: CreateIncidentTemplateRequestSchema, responses: created(IncidentTemplateSchema, 'template') },
    changeIncidentTemplate: { summary: 'Change an incident template', body: ChangeIncidentTemplateRequestSchema, responses: changed(IncidentTemplateSchema, 'template') },
    deleteIncidentTemplate: { summary: 'Delete an incident template', responses: noContent('Deleted.') },
    incidentTemplate: {
      summary: 'A template with its form, to start an incident from it',
      responses: { 200: json(IncidentTemplateWithFormSchema, 'The template, its form and fields.') },
    },
    publicIncidentTemplate: {
      summary: 'The template of a public incident template page',
      description: 'The template the subdomain selects; 404 when none does.',
      responses: { 200: json(IncidentTemplateWithFormSchema, 'The template, its form and fields.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof INCIDENT_SETTINGS_ROUTES>;
