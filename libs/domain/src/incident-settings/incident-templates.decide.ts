import { heldAttachments, type KnownUploads } from '../incident/known-uploads';
import { normalizedValues } from '../incident/incident-values';
import { notFound } from '../shared/domain-errors';
import type { Checked } from '../shared/field-messages';
import type { ChangeIncidentTemplate, CreateIncidentTemplate, DeleteIncidentTemplate, IncidentTemplateInput } from './incident-settings.commands';
import type { IncidentSettingsEvent } from './incident-settings.events';
import { FieldMessages, NOT_A_STRING, accepted, doesNotExist, isRecord, optionalText, requiredId, requiredText, tooLong } from './incident-settings.input';
import {
  DEFAULT_TEMPLATE_LABEL_COLOR,
  type IncidentTemplateRecord,
  type TemplateBrandingRecord,
  type TemplateFieldValueRecord,
} from './incident-settings.records';
import type { IncidentSettingsState } from './incident-settings.state';
import { isMappedInForm } from './incident-settings.views';
import { TEMPLATE_SUBDOMAIN_TAKEN, templateSubdomainErrors } from './template-subdomain';

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const TEMPLATE_TITLE_MAX_LENGTH = 200;
export const TEMPLATE_LOGO_URL_MAX_LENGTH = 2000;
const COLOUR = /^#[0-9a-fA-F]{6}$/;
export const COLOUR_INVALID = 'Enter a colour as #rrggbb.';

export function templateOf(state: IncidentSettingsState, templateId: string): IncidentTemplateRecord {
  const template = state.templates.get(templateId);
  if (!template) throw notFound();
  return template;
}

function colour(messages: FieldMessages, value: unknown, fallback: string | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && COLOUR.test(value)) return value.toLowerCase();
  messages.add('template_branding', COLOUR_INVALID);
  return fallback;
}

/** The logo's address as sent in the branding: trimmed, at most TEMPLATE_LOGO_URL_MAX_LENGTH characters; null for none. */
function logoUrl(messages: FieldMessages, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') messages.add('template_branding', NOT_A_STRING);
  else if (value.trim().length > TEMPLATE_LOGO_URL_MAX_LENGTH) messages.add('template_branding', tooLong(TEMPLATE_LOGO_URL_MAX_LENGTH));
  else return value.trim();
  return '';
}

/** Label colour (default #1976d2), header colour and logo; what is left out keeps its current value. */
function brandingInput(
  checked: Checked<Readonly<Record<string, unknown>> | null> | undefined,
  current: TemplateBrandingRecord | undefined,
  messages: FieldMessages,
): TemplateBrandingRecord {
  const base = current ?? { label_color: DEFAULT_TEMPLATE_LABEL_COLOR };
  const value = checked === undefined ? null : accepted(messages, 'template_branding', checked)?.value;
  if (!value) return base;
  const branding: { label_color: string; header_color?: string; logo_url?: string } = {
    label_color: colour(messages, value.label_color, base.label_color) ?? DEFAULT_TEMPLATE_LABEL_COLOR,
  };
  const header = value.header_color === undefined ? base.header_color : colour(messages, value.header_color, undefined);
  if (header) branding.header_color = header;
  const logo = value.logo_url === undefined ? base.logo_url : logoUrl(messages, value.logo_url);
  if (logo) branding.logo_url = logo;
  return branding;
}

const isExpired = (entry: unknown) => isRecord(entry) && entry.is_expired === true;

/**
 * Preset attachments must name files uploaded to the organisation (`uploads`, or those the template
 * already presets) and are kept as their upload records describe them; a message names group and field.
 */
function presetAttachments(
  raw: TemplateFieldValueRecord,
  state: IncidentSettingsState,
  uploads: KnownUploads,
  messages: FieldMessages,
): TemplateFieldValueRecord | null {
  const field = state.fields.get(raw.field);
  if (field?.field_type !== 'ATTACHMENT') return raw;
  const checked = normalizedValues({ id: field.id, label: field.label, field_type: field.field_type, is_pii: field.is_pii, options: [] }, raw.values, uploads);
  if ('values' in checked) return { ...raw, values: checked.values };
  messages.add('field_values', `${state.fieldGroups.get(raw.field_group)?.title ?? raw.field_group} › ${field.label}: ${checked.error}`);
  return null;
}

/** Preset values: each for a field its group maps, in a group of the template's form; each pair once. */
function fieldValuesInput(
  checked: Checked<readonly unknown[] | null> | undefined,
  formId: string,
  state: IncidentSettingsState,
  uploads: KnownUploads,
  messages: FieldMessages,
): TemplateFieldValueRecord[] {
  const value = checked === undefined ? null : accepted(messages, 'field_values', checked)?.value;
  if (!value) return [];
  const seen = new Set<string>();
  return value.flatMap((raw, index): TemplateFieldValueRecord[] => {
    const label = `Value ${index + 1}`;
    if (!isRecord(raw) || typeof raw.field !== 'string' || typeof raw.field_group !== 'string' || !Array.isArray(raw.values)) {
      messages.add('field_values', `${label}: expected {field, field_group, values} with a list of values.`);
      return [];
    }
    if (formId && !isMappedInForm(state, formId, raw.field_group, raw.field)) {
      messages.add('field_values', `${label}: the field "${raw.field}" is not in the field group "${raw.field_group}" of this form.`);
      return [];
    }
    const key = `${raw.field_group}/${raw.field}`;
    if (seen.has(key)) {
      messages.add('field_values', `${label}: this field of this group has values twice.`);
      return [];
    }
    seen.add(key);
    const values = raw.values.filter((entry) => !isExpired(entry));
    const preset = presetAttachments({ field: raw.field, field_group: raw.field_group, values }, state, uploads, messages);
    return preset ? [preset] : [];
  });
}

/** The template a create or change describes; what a change leaves out keeps its current value. */
function templateInput(
  templateId: string,
  input: IncidentTemplateInput,
  state: IncidentSettingsState,
  current: IncidentTemplateRecord | null,
  knownUploads: KnownUploads = {},
): IncidentTemplateRecord {
  const messages = new FieldMessages();
  const name = requiredText(messages, 'name', input.name, TEMPLATE_NAME_MAX_LENGTH);
  const form = requiredId(messages, 'form', input.form);
  if (form && !state.forms.has(form)) messages.add('form', doesNotExist(form));
  const incident_title =
    input.incident_title === undefined && current
      ? current.incident_title
      : optionalText(messages, 'incident_title', input.incident_title, TEMPLATE_TITLE_MAX_LENGTH);
  let subdomain = current?.subdomain ?? '';
  const givenSubdomain = input.subdomain === undefined ? null : accepted(messages, 'subdomain', input.subdomain)?.value;
  if (givenSubdomain !== undefined && givenSubdomain !== null) {
    const errors = templateSubdomainErrors(givenSubdomain.trim());
    errors.forEach((error) => messages.add('subdomain', error));
    if (!errors.length) subdomain = givenSubdomain.trim();
  }
  if (subdomain && [...state.templates.values()].some((template) => template.id !== templateId && template.subdomain === subdomain))
    messages.add('subdomain', TEMPLATE_SUBDOMAIN_TAKEN);
  const template_branding = brandingInput(input.template_branding, current?.template_branding, messages);
  const field_values =
    input.field_values === undefined && current && current.form === form
      ? current.field_values
      : fieldValuesInput(input.field_values, state.forms.has(form) ? form : '', state, { ...knownUploads, ...presetAttachmentsOf(state, current) }, messages);
  messages.check('Invalid incident template.');
  return { id: templateId, name, form, incident_title, subdomain, template_branding, field_values };
}

/** The attachments a template presets (checked when it was saved), so saving them again keeps them. */
function presetAttachmentsOf(state: IncidentSettingsState, template: IncidentTemplateRecord | null) {
  if (!template) return {};
  return heldAttachments(template.field_values.map((entry) => ({ field_type: state.fields.get(entry.field)?.field_type ?? '', values: entry.values })));
}

export function createIncidentTemplate(command: CreateIncidentTemplate, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const template = templateInput(command.data.templateId, command.data.template, state, null, command.data.knownUploads);
  return [{ type: 'IncidentTemplateCreated', data: { template } }];
}

export function changeIncidentTemplate(command: ChangeIncidentTemplate, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const current = templateOf(state, command.data.templateId);
  const template = templateInput(current.id, command.data.template, state, current, command.data.knownUploads);
  if (JSON.stringify(template) === JSON.stringify(current)) return [];
  return [{ type: 'IncidentTemplateChanged', data: { template, previousSubdomain: current.subdomain } }];
}

export function deleteIncidentTemplate(command: DeleteIncidentTemplate, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const template = templateOf(state, command.data.templateId);
  return [{ type: 'IncidentTemplateDeleted', data: { templateId: template.id, subdomain: template.subdomain } }];
}
