import {
  ROUTES,
  type ChangeIncidentFieldRequest,
  type ConditionFieldTypeDto,
  type CreateIncidentFieldRequest,
  type DisplayConditionDto,
  type FieldAppearancesDto,
  type FieldChoiceOptionDto,
  type FieldGroupDto,
  type FormFieldMappingDto,
  type FormRuleDto,
  type FormRuleRequest,
  type IncidentFieldDto,
  type IncidentFormDto,
  type IncidentTemplateDto,
  type IncidentTemplateFields,
  type RouteDefinition,
} from '@beacon/contracts';
import { compareOrderingKeys } from '@beacon/domain';
import type { ApiClient } from '../../api/api-client';

/**
 * The incident settings calls (spec part 1 §7), typed over the API client's generic `send`.
 * The server's `form_field_mappings` is `field_mappings` on the client (spec §3, §7): the
 * conversion happens here and nowhere else.
 */

/** A field group as the console holds it. */
export interface FieldGroup extends Omit<FieldGroupDto, 'form_field_mappings'> {
  field_mappings: FormFieldMappingDto[];
}

/** A form as the console holds it: its field groups in order. */
export interface IncidentForm extends Omit<IncidentFormDto, 'field_groups'> {
  field_groups: FieldGroup[];
}

/** What the console sends to create or change a field group. */
export interface FieldGroupValues {
  title: string;
  content: string;
  form: string;
  order?: string;
  display_conditions: DisplayConditionDto[];
  field_mappings: FormFieldMappingDto[];
}

export interface IncidentSettingsApi {
  fields(): Promise<IncidentFieldDto[]>;
  field(id: string): Promise<IncidentFieldDto>;
  createField(request: CreateIncidentFieldRequest): Promise<IncidentFieldDto>;
  changeField(id: string, request: ChangeIncidentFieldRequest): Promise<IncidentFieldDto>;
  moveField(id: string, order: string): Promise<IncidentFieldDto>;
  deleteField(id: string): Promise<void>;
  fieldAppearances(id: string): Promise<FieldAppearancesDto>;
  /** Deletes these rules of the field (before the field itself goes). */
  deleteFieldRules(fieldId: string, ruleIds: readonly string[]): Promise<void>;
  /** Deletes the display conditions on the field of these field groups. */
  deleteFieldConditions(fieldId: string, fieldGroupIds: readonly string[]): Promise<void>;
  createOption(field: string, value: string): Promise<FieldChoiceOptionDto>;
  changeOption(id: string, field: string, value: string): Promise<FieldChoiceOptionDto>;
  deleteOption(id: string): Promise<void>;

  forms(): Promise<IncidentForm[]>;
  form(id: string): Promise<IncidentForm>;
  createForm(name: string, order: string): Promise<IncidentForm>;
  renameForm(id: string, name: string): Promise<IncidentForm>;
  moveForm(id: string, order: string): Promise<IncidentForm>;
  deleteForm(id: string): Promise<void>;
  /** The fields the form's groups map, for the rule and condition pickers. */
  formFields(formId: string): Promise<IncidentFieldDto[]>;
  conditionFieldType(fieldId: string): Promise<ConditionFieldTypeDto>;
  createFieldGroup(values: FieldGroupValues): Promise<FieldGroup>;
  changeFieldGroup(id: string, values: FieldGroupValues): Promise<FieldGroup>;
  moveFieldGroup(id: string, order: string): Promise<FieldGroup>;
  deleteFieldGroup(id: string): Promise<void>;

  formRules(formId: string): Promise<FormRuleDto[]>;
  formRule(formId: string, id: string): Promise<FormRuleDto>;
  createFormRule(formId: string, request: FormRuleRequest): Promise<FormRuleDto>;
  changeFormRule(formId: string, id: string, request: FormRuleRequest): Promise<FormRuleDto>;
  moveFormRule(formId: string, id: string, order: string): Promise<FormRuleDto>;
  deleteFormRule(formId: string, id: string): Promise<void>;

  templates(): Promise<IncidentTemplateDto[]>;
  createTemplate(fields: IncidentTemplateFields): Promise<IncidentTemplateDto>;
  changeTemplate(id: string, fields: IncidentTemplateFields): Promise<IncidentTemplateDto>;
  deleteTemplate(id: string): Promise<void>;
}

export function fieldGroupFromServer({ form_field_mappings, ...group }: FieldGroupDto): FieldGroup {
  return { ...group, field_mappings: form_field_mappings ?? [] };
}

export function fieldGroupToServer({ field_mappings, ...values }: FieldGroupValues) {
  return { ...values, form_field_mappings: field_mappings };
}

export function formFromServer(form: IncidentFormDto): IncidentForm {
  return { ...form, field_groups: byOrder((form.field_groups ?? []).map(fieldGroupFromServer)) };
}

/** Items sorted by their ordering keys (plain string comparison, as the keys are made for). */
export function byOrder<T extends { order: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareOrderingKeys(a.order, b.order));
}

/** Spec §3: is_open is an interface flag, false on every listed template (the console opens one to edit it). */
const closed = (template: IncidentTemplateDto): IncidentTemplateDto => ({ ...template, is_open: false });

/** A route's path with its `:name` parameters filled in. */
export function pathOf(route: RouteDefinition, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for the path parameter "${name}" of ${route.path}`);
    return encodeURIComponent(value);
  });
}

export function incidentSettingsApi(api: ApiClient): IncidentSettingsApi {
  const call = <T>(route: RouteDefinition, params?: Record<string, string>, body?: unknown) =>
    api.send<T>(route.method, pathOf(route, params), body);
  const done = async (answer: Promise<unknown>) => {
    await answer;
  };
  return {
    fields: async () => byOrder(await call<IncidentFieldDto[]>(ROUTES.incidentFields)),
    field: (id) => call(ROUTES.incidentField, { id }),
    createField: (request) => call(ROUTES.createIncidentField, {}, request),
    changeField: (id, request) => call(ROUTES.changeIncidentField, { id }, { ...request, id }),
    moveField: (id, order) => call(ROUTES.moveIncidentField, { id }, { order }),
    deleteField: (id) => done(call(ROUTES.deleteIncidentField, { id })),
    fieldAppearances: (id) => call(ROUTES.fieldAppearances, { id }),
    deleteFieldRules: (id, rules) => done(call(ROUTES.deleteFieldRules, { id }, { rules })),
    deleteFieldConditions: (id, fieldGroupIds) =>
      done(call(ROUTES.deleteFieldConditions, { id }, { field_group_ids: fieldGroupIds })),
    createOption: (field, value) => call(ROUTES.createFieldOption, {}, { field, value }),
    changeOption: (id, field, value) => call(ROUTES.changeFieldOption, { id }, { field, value }),
    deleteOption: (id) => done(call(ROUTES.deleteFieldOption, { id })),

    forms: async () => byOrder((await call<IncidentFormDto[]>(ROUTES.incidentForms)).map(formFromServer)),
    form: async (id) => formFromServer(await call<IncidentFormDto>(ROUTES.incidentForm, { id })),
    createForm: async (name, order) => formFromServer(await call<IncidentFormDto>(ROUTES.createIncidentForm, {}, { name, order })),
    renameForm: async (id, name) => formFromServer(await call<IncidentFormDto>(ROUTES.renameIncidentForm, { id }, { name })),
    moveForm: async (id, order) => formFromServer(await call<IncidentFormDto>(ROUTES.moveIncidentForm, { id }, { order })),
    deleteForm: (id) => done(call(ROUTES.deleteIncidentForm, { id })),
    formFields: (id) => call(ROUTES.formFields, { id }),
    conditionFieldType: (id) => call(ROUTES.conditionFieldType, { id }),
    createFieldGroup: async (values) =>
      fieldGroupFromServer(await call<FieldGroupDto>(ROUTES.createFieldGroup, {}, fieldGroupToServer(values))),
    changeFieldGroup: async (id, values) =>
      fieldGroupFromServer(await call<FieldGroupDto>(ROUTES.changeFieldGroup, { id }, fieldGroupToServer(values))),
    moveFieldGroup: async (id, order) => fieldGroupFromServer(await call<FieldGroupDto>(ROUTES.moveFieldGroup, { id }, { order })),
    deleteFieldGroup: (id) => done(call(ROUTES.deleteFieldGroup, { id })),

    formRules: async (form) => byOrder(await call<FormRuleDto[]>(ROUTES.formRules, { form })),
    formRule: (form, id) => call(ROUTES.formRule, { form, id }),
    createFormRule: (form, request) => call(ROUTES.createFormRule, { form }, request),
    changeFormRule: (form, id, request) => call(ROUTES.changeFormRule, { form, id }, request),
    moveFormRule: (form, id, order) => call(ROUTES.moveFormRule, { form, id }, { order }),
    deleteFormRule: (form, id) => done(call(ROUTES.deleteFormRule, { form, id })),

    templates: async () => (await call<IncidentTemplateDto[]>(ROUTES.incidentTemplates)).map(closed),
    createTemplate: async (data) => closed(await call<IncidentTemplateDto>(ROUTES.createIncidentTemplate, {}, { data })),
    changeTemplate: async (id, incidentTemplate) =>
      closed(await call<IncidentTemplateDto>(ROUTES.changeIncidentTemplate, { id }, { incident_template: incidentTemplate })),
    deleteTemplate: (id) => done(call(ROUTES.deleteIncidentTemplate, { id })),
  };
}
