import type { FieldGroupDto, IncidentFieldDto, IncidentTemplateWithFormDto } from '@beacon/contracts';

const field = (id: string, label: string, field_type: IncidentFieldDto['field_type'], options: string[] = []): IncidentFieldDto => ({
  id,
  label,
  field_type,
  is_pii: false,
  order: 'm',
  options: options.map((value) => ({ id: `${id}-${value.toLowerCase()}`, field: id, value })),
});

const group = (id: string, title: string, order: string, extra: Partial<FieldGroupDto>): FieldGroupDto => ({
  id,
  title,
  content: '',
  form: 'form-1',
  order,
  display_conditions: [],
  form_field_mappings: [],
  ...extra,
});

/**
 * A public template on the form "Flood report": Details (a required location, a severity, a photo,
 * notes preset by the template), Escalation (shown when the severity is High, with a required
 * contact), Staff notes (operators only) and Closing (closed incidents only).
 */
export function aPublicTemplate(): IncidentTemplateWithFormDto {
  const fields = [
    field('f-location', 'Location', 'TEXT'),
    field('f-severity', 'Severity', 'SINGLESELECT', ['High', 'Low']),
    field('f-photo', 'Photo', 'ATTACHMENT'),
    field('f-notes', 'Notes', 'TEXTAREA'),
    field('f-people', 'People affected', 'NUMBER'),
    field('f-contact', 'Contact', 'TEXT'),
    field('f-staff', 'Staff remark', 'TEXT'),
    field('f-summary', 'Closing summary', 'TEXT'),
  ];
  return {
    template: {
      id: 'template-1',
      name: 'Report a flood',
      form: 'form-1',
      incident_title: 'Flood reported by the public',
      subdomain: 'acme',
      template_branding: { label_color: '#aa3300', header_color: '#003366', logo_url: 'https://cdn.example.com/acme.png' },
      field_values: [
        { field: 'f-notes', field_group: 'g-details', values: ['Reported via the public page'] },
        { field: 'f-notes', field_group: 'g-gone', values: ['A group the form no longer has'] },
      ],
      is_open: false,
    },
    form: {
      id: 'form-1',
      name: 'Flood report',
      order: 'm',
      field_groups: [
        group('g-escalation', 'Escalation', 'n', {
          display_conditions: [{ type: 'field', field_id: 'f-severity', field_type: 'SINGLESELECT', value: 'High' }],
          form_field_mappings: [{ field: 'f-contact', is_required: true }],
        }),
        group('g-details', 'Details', 'm', {
          content: '<p>Tell us <b>where</b> the water is.</p>',
          form_field_mappings: [
            { field: 'f-location', is_required: true },
            { field: 'f-severity', is_required: false },
            { field: 'f-photo', is_required: false },
            { field: 'f-notes', is_required: false },
            { field: 'f-people', is_required: false },
          ],
        }),
        group('g-staff', 'Staff notes', 'o', {
          display_conditions: [{ type: 'permission', value: 'OPERATOR' }],
          form_field_mappings: [{ field: 'f-staff', is_required: true }],
        }),
        group('g-closing', 'Closing', 'p', {
          display_conditions: [{ type: 'state', value: 'closed' }],
          form_field_mappings: [{ field: 'f-summary', is_required: true }],
        }),
      ],
    },
    fields: Object.fromEntries(fields.map((f) => [f.id, f])),
    module_name: 'Case',
  };
}
