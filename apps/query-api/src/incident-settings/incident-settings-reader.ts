import { Inject, Injectable } from '@nestjs/common';
import type {
  FieldGroupDto,
  FormRuleDto,
  IncidentFieldDto,
  IncidentFormDto,
  IncidentTemplateDto,
  IncidentTemplateWithFormDto,
} from '@beacon/contracts';
import { compareOrderingKeys, DEFAULT_MODULE_NAME, hasIncidentRootPermission, notFound, type IncidentTemplateRecord } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type Document, type Filter, type ReadStore } from '@beacon/read-store';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../shared/read-models/customer-groups.read-model';
import { INCIDENT_MODULE_SETTINGS, type IncidentModuleSettingsDocument } from '../shared/read-models/incident-module-settings.read-model';
import { INCIDENT_FIELD_GROUPS, type FieldGroupDocument } from './projections/field-groups.projection';
import { INCIDENT_FORM_RULES, type FormRuleDocument } from './projections/form-rules.projection';
import { INCIDENT_FIELDS, type IncidentFieldDocument } from './projections/incident-fields.projection';
import { INCIDENT_FORMS, type IncidentFormDocument } from './projections/incident-forms.projection';
import {
  INCIDENT_TEMPLATE_SUBDOMAINS,
  INCIDENT_TEMPLATES,
  type IncidentTemplateDocument,
  type TemplateSubdomainDocument,
} from './projections/incident-templates.projection';

/** A read-model document as the API answers it: without the store's `_id`. */
export function withoutId<T>(document: Document & T): T {
  const { _id, ...rest } = document;
  void _id;
  return rest as T;
}

type FormDocumentFields = Omit<IncidentFormDto, 'field_groups'>;

const inOrder = <T extends { order: string; id: string }>(items: T[]): T[] =>
  items.sort((a, b) => compareOrderingKeys(a.order, b.order) || compareOrderingKeys(a.id, b.id));

/**
 * Reads an organisation's incident settings from their read models (always within the caller's
 * tenant: ids of another organisation are simply not there, so they answer 404). Lists come in
 * `order`.
 */
@Injectable()
export class IncidentSettingsReader {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private collection<T extends Document>(rootId: string, name: string) {
    return this.readStore.scope(rootId).collection<T>(name);
  }

  async fields(rootId: string, filter: Filter = {}): Promise<IncidentFieldDto[]> {
    const fields = await this.collection<IncidentFieldDocument>(rootId, INCIDENT_FIELDS).find(filter);
    return inOrder(fields.map((field) => withoutId<IncidentFieldDto>(field)));
  }

  async field(rootId: string, fieldId: string): Promise<IncidentFieldDto> {
    const field = await this.collection<IncidentFieldDocument>(rootId, INCIDENT_FIELDS).findOne({ _id: fieldId });
    if (!field) throw notFound();
    return withoutId<IncidentFieldDto>(field);
  }

  async forms(rootId: string): Promise<IncidentFormDto[]> {
    const [forms, groups] = await Promise.all([
      this.collection<IncidentFormDocument>(rootId, INCIDENT_FORMS).find(),
      this.fieldGroups(rootId),
    ]);
    return inOrder(forms.map((form) => withoutId<FormDocumentFields>(form))).map((form) => ({ ...form, field_groups: groups.filter((group) => group.form === form.id) }));
  }

  async form(rootId: string, formId: string): Promise<IncidentFormDto> {
    const form = await this.collection<IncidentFormDocument>(rootId, INCIDENT_FORMS).findOne({ _id: formId });
    if (!form) throw notFound();
    return { ...withoutId<FormDocumentFields>(form), field_groups: await this.fieldGroups(rootId, { form: formId }) };
  }

  async fieldGroups(rootId: string, filter: Filter = {}): Promise<FieldGroupDto[]> {
    const groups = await this.collection<FieldGroupDocument>(rootId, INCIDENT_FIELD_GROUPS).find(filter);
    return inOrder(groups.map((group) => withoutId<FieldGroupDto>(group)));
  }

  async fieldGroup(rootId: string, fieldGroupId: string): Promise<FieldGroupDto> {
    const group = await this.collection<FieldGroupDocument>(rootId, INCIDENT_FIELD_GROUPS).findOne({ _id: fieldGroupId });
    if (!group) throw notFound();
    return withoutId<FieldGroupDto>(group);
  }

  async rules(rootId: string, filter: Filter): Promise<FormRuleDto[]> {
    const rules = await this.collection<FormRuleDocument>(rootId, INCIDENT_FORM_RULES).find(filter);
    return inOrder(rules.map((rule) => withoutId<FormRuleDto>(rule)));
  }

  async rule(rootId: string, formId: string, ruleId: string): Promise<FormRuleDto> {
    const rule = await this.collection<FormRuleDocument>(rootId, INCIDENT_FORM_RULES).findOne({ _id: ruleId, form: formId });
    if (!rule) throw notFound();
    return withoutId<FormRuleDto>(rule);
  }

  /** The fields the form's groups map, each once, in the groups' order. */
  async fieldsOfForm(rootId: string, form: IncidentFormDto): Promise<IncidentFieldDto[]> {
    const ids = [...new Set(form.field_groups.flatMap((group) => group.form_field_mappings.map((mapping) => mapping.field)))];
    const fields = new Map((await this.fields(rootId, { _id: { $in: ids } })).map((field) => [field.id, field]));
    return ids.flatMap((id) => fields.get(id) ?? []);
  }

  async templates(rootId: string): Promise<IncidentTemplateDto[]> {
    const [templates, groups] = await Promise.all([
      this.collection<IncidentTemplateDocument>(rootId, INCIDENT_TEMPLATES).find(),
      this.fieldGroups(rootId),
    ]);
    return templates
      .map((template) => templateDto(template, groups))
      .sort((a, b) => a.name.localeCompare(b.name) || compareOrderingKeys(a.id, b.id));
  }

  /** A template with its form and the form's fields, as the start-from-template and public pages need it. */
  async templateWithForm(rootId: string, templateId: string): Promise<IncidentTemplateWithFormDto> {
    const template = await this.collection<IncidentTemplateDocument>(rootId, INCIDENT_TEMPLATES).findOne({ _id: templateId });
    if (!template) throw notFound();
    const form = await this.form(rootId, template.form);
    const fields = await this.fieldsOfForm(rootId, form);
    const settings = await this.collection<IncidentModuleSettingsDocument>(rootId, INCIDENT_MODULE_SETTINGS).findOne({ _id: rootId });
    return {
      template: templateDto(template, form.field_groups),
      form,
      fields: Object.fromEntries(fields.map((field) => [field.id, field])),
      module_name: settings?.module_name ?? DEFAULT_MODULE_NAME,
    };
  }

  /**
   * The template a public page's subdomain selects, in whichever organisation holds it; 404 when none
   * does, or when that organisation's root group holds neither incident root permission.
   */
  async publicTemplate(subdomain: string): Promise<IncidentTemplateWithFormDto> {
    const entry = await this.collection<TemplateSubdomainDocument>(SYSTEM_TENANT, INCIDENT_TEMPLATE_SUBDOMAINS).findOne({ _id: subdomain });
    if (!entry) throw notFound();
    const root = await this.collection<CustomerGroupDocument>(entry.root_id, CUSTOMER_GROUPS).findOne({ _id: entry.root_id });
    if (!hasIncidentRootPermission({ rootPermissions: root?.root_customer_group_permissions ?? [] })) throw notFound();
    const found = await this.templateWithForm(entry.root_id, entry.template_id);
    if (found.template.subdomain !== subdomain) throw notFound();
    return found;
  }
}

/**
 * A template as answered: is_open false, and only the preset values whose field is still in that
 * group of its form (values of fields or groups that have left the form can no longer be used).
 */
function templateDto(template: IncidentTemplateDocument, groups: readonly FieldGroupDto[]): IncidentTemplateDto {
  const record = withoutId<IncidentTemplateRecord>(template);
  const mapped = (fieldGroupId: string, fieldId: string) =>
    groups.some((group) => group.id === fieldGroupId && group.form === record.form && group.form_field_mappings.some((m) => m.field === fieldId));
  return {
    ...record,
    template_branding: { ...record.template_branding },
    field_values: record.field_values.filter((entry) => mapped(entry.field_group, entry.field)).map((entry) => ({ ...entry, values: [...entry.values] })),
    is_open: false,
  };
}
