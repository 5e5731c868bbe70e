import type {
  FieldGroupDto,
  IncidentFieldDto,
  IncidentPayloadEntry,
  IncidentTemplateWithFormDto,
  IncidentValueEntry,
} from '@beacon/contracts';
import {
  compareOrderingKeys,
  fieldValuesOf,
  hasValue,
  isFieldGroupShown,
  missingRequiredValues,
  ownValue,
  withoutExpiredValues,
  type RequiredValueGap,
  type RequiredValuesContext,
  type RequiredValuesForm,
} from '@beacon/domain';

/**
 * The values a guest fills in on the public incident template page, per field of a field group,
 * keyed "{field group}:{field}" (one field may sit in several groups, each with its own value).
 */
export type TemplateValues = Readonly<Record<string, readonly IncidentValueEntry[]>>;

export const valueKey = (fieldGroup: string, field: string) => `${fieldGroup}:${field}`;

/**
 * A guest on the public page: a new incident starts active, and a guest holds no customer
 * permission, so display conditions on a permission never show a group to them.
 */
export const GUEST_CONTEXT: RequiredValuesContext = { state: 'active', permission: '' };

/** The template's preset values, where the form still has that field in that group. */
export function presetValues({ template, form }: IncidentTemplateWithFormDto): TemplateValues {
  const mapped = new Set(form.field_groups.flatMap((group) => group.form_field_mappings.map((m) => valueKey(group.id, m.field))));
  const values: Record<string, readonly IncidentValueEntry[]> = {};
  for (const preset of template.field_values) {
    const key = valueKey(preset.field_group, preset.field);
    if (mapped.has(key)) values[key] = preset.values as IncidentValueEntry[];
  }
  return values;
}

/** The form's field groups in their order. */
export function orderedGroups(dto: IncidentTemplateWithFormDto): FieldGroupDto[] {
  return [...dto.form.field_groups].sort((a, b) => compareOrderingKeys(a.order, b.order));
}

/** Every value entered, as the start call's payload (expired entries removed, empty fields left out). */
function allEntries(dto: IncidentTemplateWithFormDto, values: TemplateValues): IncidentPayloadEntry[] {
  return orderedGroups(dto).flatMap((group) =>
    group.form_field_mappings.flatMap(({ field }) => {
      const entries = withoutExpiredValues(values[valueKey(group.id, field)] ?? []);
      return hasValue(entries) ? [{ field, field_group: group.id, values: entries }] : [];
    }),
  );
}

/**
 * The values as display conditions compare them: a choice by its option's id and its text, so a
 * condition naming either is met (one implementation: libs/domain display-conditions).
 */
function comparableEntries(dto: IncidentTemplateWithFormDto, entries: IncidentPayloadEntry[]): IncidentPayloadEntry[] {
  return entries.map((entry) => {
    const field: IncidentFieldDto | undefined = ownValue(dto.fields, entry.field);
    if (!field || field.options.length === 0) return entry;
    const values = entry.values.map((value) => {
      const option = field.options.find((candidate) => candidate.id === value);
      return option ? { id: option.id, value: option.value } : value;
    });
    return { ...entry, values };
  });
}

/** The form as the shared required-value and display-condition rules read it, its groups in order. */
const rulesForm = (dto: IncidentTemplateWithFormDto): RequiredValuesForm => ({ field_groups: orderedGroups(dto), fields: dto.fields });

/** The field groups a guest sees, given what they entered so far. */
export function shownGroups(dto: IncidentTemplateWithFormDto, values: TemplateValues): FieldGroupDto[] {
  const fieldValues = fieldValuesOf(rulesForm(dto), comparableEntries(dto, allEntries(dto, values)));
  const context = { ...GUEST_CONTEXT, fieldValues };
  return orderedGroups(dto).filter((group) => isFieldGroupShown(group.display_conditions, context));
}

/** What the start call sends: the values of the groups shown to the guest. */
export function startPayload(dto: IncidentTemplateWithFormDto, values: TemplateValues): IncidentPayloadEntry[] {
  const shown = new Set(shownGroups(dto, values).map((group) => group.id));
  return allEntries(dto, values).filter((entry) => shown.has(entry.field_group));
}

/** The required values still missing (spec §5), checked as the server checks them before it starts the incident. */
export function missingValues(dto: IncidentTemplateWithFormDto, values: TemplateValues): RequiredValueGap[] {
  return missingRequiredValues(rulesForm(dto), comparableEntries(dto, allEntries(dto, values)), [], GUEST_CONTEXT);
}
