import type { IncidentFormSnapshot } from '../incident-settings/form-snapshot';
import { FieldMessages } from '../incident-settings/incident-settings.input';
import type { Checked } from '../shared/field-messages';
import type { IncidentTemplateView } from '../incident-settings/incident-settings.views';
import type { IncidentView } from './incident.records';
import { check, defaultIncidentTitle, givenOrder, startTitle } from './incident-input';
import { mergedFieldValues, presetValues } from './incident-values';

export interface NewIncidentInput {
  readonly form: IncidentFormSnapshot;
  readonly template: Pick<IncidentTemplateView, 'id' | 'incident_title' | 'field_values'> | null;
  readonly customerGroupId: string;
  /** Before the first incident of the caller's list, unless the caller gives an order. */
  readonly defaultOrder: string;
  readonly title?: Checked<string | null>;
  readonly order?: Checked<string | null>;
}

/**
 * A new incident, not yet recorded (POST /incident/, GET /create_incident_from_template/{id}/): what
 * the console fills in and then starts. Its title and values are what a start with nothing more
 * would record: the given title, else the template's incident title, else the form's name; the
 * template's preset values.
 */
export function newIncident(input: NewIncidentInput): IncidentView {
  const { form, template } = input;
  const messages = new FieldMessages();
  const title = startTitle(messages, input.title, defaultIncidentTitle(form, template));
  const order = givenOrder(messages, input.order, input.defaultOrder);
  check(messages);
  return {
    id: null,
    name: form.name,
    title,
    incident_title: title,
    state: 'draft',
    form: form.id,
    template: template?.id ?? null,
    order,
    customer_group: input.customerGroupId,
    form_snapshot: form,
    field_values: template ? mergedFieldValues(form, presetValues(form, template.field_values), []) : [],
    ignored_field_groups: [],
    version: 0,
    created_at: null,
    created_by: null,
    updated_at: null,
    updated_by: null,
  };
}
