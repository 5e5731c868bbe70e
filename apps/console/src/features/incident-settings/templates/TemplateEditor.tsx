import type { IncidentFieldDto, IncidentTemplateFields, TemplateFieldValueDto } from '@beacon/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DEFAULT_HIGHLIGHT_COLOR } from '../../../theme/theme';
import { useModuleNames } from '../../../navigation/use-module-names';
import { Editor, EditorActions, ErrorMessages, Input, InputRow, Labelled, Note, Select } from '../components/controls';
import { PresetValueInput } from '../components/PresetValueInput';
import { unplacedMessages, type IncidentCallError } from '../../../api/incident-errors';
import type { IncidentForm } from '../incident-settings-api';
import { withIndefiniteArticle } from '../../../formatting/indefinite-article';

export interface TemplateValues {
  name: string;
  form: string;
  incident_title: string;
  subdomain: string;
  label_color: string;
  field_values: TemplateFieldValueDto[];
}

interface TemplateEditorProps {
  title: string;
  /** Where focus goes back when the editor closes (see Editor). */
  returnFocusTo?: string;
  initial: TemplateValues;
  forms: readonly IncidentForm[];
  /** Every field, by id: labels, types and options of the form's fields. */
  fields: ReadonlyMap<string, IncidentFieldDto>;
  submitText: string;
  saving: boolean;
  error: IncidentCallError | null;
  onSubmit: (values: IncidentTemplateFields) => void;
  onCancel: () => void;
}

const INPUTS = ['name', 'form', 'incident_title', 'subdomain', 'template_branding', 'field_values'];

export const emptyTemplate = (forms: readonly IncidentForm[]): TemplateValues => ({
  name: '',
  form: forms[0]?.id ?? '',
  incident_title: '',
  subdomain: '',
  label_color: DEFAULT_HIGHLIGHT_COLOR,
  field_values: [],
});

const sameSlot = (entry: TemplateFieldValueDto, group: string, field: string) => entry.field_group === group && entry.field === field;

/**
 * An incident template (spec §3): a name, the form it starts from, the title of the incidents it
 * starts, the public page's subdomain, the label colour and preset values for the form's fields.
 */
export function TemplateEditor({ title, returnFocusTo, initial, forms, fields, submitText, saving, error, onSubmit, onCancel }: TemplateEditorProps) {
  const { singular } = useModuleNames();
  const [values, setValues] = useState(initial);
  const set = (changes: Partial<TemplateValues>) => setValues((current) => ({ ...current, ...changes }));
  const form = forms.find((candidate) => candidate.id === values.form);

  const valuesOf = (group: string, field: string) => values.field_values.find((entry) => sameSlot(entry, group, field))?.values ?? [];
  const setPreset = (group: string, field: string, preset: unknown[]) =>
    set({
      field_values: [
        ...values.field_values.filter((entry) => !sameSlot(entry, group, field)),
        ...(preset.length > 0 ? [{ field, field_group: group, values: preset }] : []),
      ],
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // Only presets of the chosen form's groups go; a form changed since leaves the others behind.
    const slots = new Set(form?.field_groups.flatMap((group) => group.field_mappings.map((mapping) => `${group.id}/${mapping.field}`)));
    onSubmit({
      name: values.name.trim(),
      form: values.form,
      incident_title: values.incident_title.trim(),
      subdomain: values.subdomain.trim(),
      template_branding: { label_color: values.label_color },
      field_values: values.field_values.filter((entry) => slots.has(`${entry.field_group}/${entry.field}`)),
    });
  };

  return (
    <Editor title={title} returnFocusTo={returnFocusTo} onSubmit={submit}>
      {error && <ErrorMessages messages={unplacedMessages(error, INPUTS)} />}
      <InputRow>
        <Labelled label="Name" errors={error?.fields['name']}>
          {(control) => <Input {...control} required value={values.name} onChange={(event) => set({ name: event.target.value })} />}
        </Labelled>
        <Labelled label="Form" errors={error?.fields['form']}>
          {(control) => (
            <Select {...control} required value={values.form} onChange={(event) => set({ form: event.target.value })}>
              {!form && <option value={values.form}>Choose a form</option>}
              {forms.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      </InputRow>
      <InputRow>
        <Labelled label={`${singular} title`} hint={`The title of each ${singular} started from this template.`} errors={error?.fields['incident_title']}>
          {(control) => <Input {...control} value={values.incident_title} onChange={(event) => set({ incident_title: event.target.value })} />}
        </Labelled>
        <Labelled
          label="Public subdomain"
          hint="Shows this template on the public page of that subdomain; leave it empty to keep the template private."
          errors={error?.fields['subdomain']}
        >
          {(control) => <Input {...control} value={values.subdomain} onChange={(event) => set({ subdomain: event.target.value })} />}
        </Labelled>
        <Labelled label="Label colour" errors={error?.fields['template_branding']}>
          {(control) => (
            <ColourInput {...control} type="color" value={values.label_color} onChange={(event) => set({ label_color: event.target.value })} />
          )}
        </Labelled>
      </InputRow>
      <Presets aria-label="Preset values">
        <h4>Preset values</h4>
        {error?.fields['field_values'] && <ErrorMessages messages={error.fields['field_values']} />}
        {!form && <Note>Choose a form to preset its values.</Note>}
        {form && form.field_groups.length === 0 && <Note>This form has no field groups yet.</Note>}
        {form?.field_groups.map((group) => (
          <fieldset key={group.id}>
            <legend>{group.title}</legend>
            {group.field_mappings.length === 0 && <Note>No fields in this group.</Note>}
            {group.field_mappings.map((mapping) => {
              const field = fields.get(mapping.field);
              if (!field) return null;
              return (
                <PresetValueInput
                  key={mapping.field}
                  field={field}
                  values={valuesOf(group.id, field.id)}
                  onChange={(preset) => setPreset(group.id, field.id, preset)}
                  attachmentNote={`Attachments are added when ${withIndefiniteArticle(singular)} is started.`}
                />
              );
            })}
          </fieldset>
        ))}
      </Presets>
      <EditorActions submitText={submitText} saving={saving} onCancel={onCancel} />
    </Editor>
  );
}

const ColourInput = styled(Input)`
  width: 80px;
  padding: 2px;
`;

const Presets = styled.section`
  display: grid;
  gap: 12px;

  h4 {
    margin: 0;
  }

  fieldset {
    display: grid;
    gap: 10px;
    margin: 0;
    padding: 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radiusPx}px;
  }

  legend {
    padding: 0 4px;
    font-weight: 600;
  }
`;
