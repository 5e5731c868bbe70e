import type { IncidentFieldDto } from '@beacon/contracts';
import { useState, type FormEvent } from 'react';
import { Editor, EditorActions, ErrorMessages, Input, Labelled, TextArea } from '../components/controls';
import { unplacedMessages, type IncidentCallError } from '../../../api/incident-errors';
import type { FieldGroupValues } from '../incident-settings-api';
import { DisplayConditionsEditor } from './DisplayConditionsEditor';
import { FieldMappingsEditor } from './FieldMappingsEditor';
import type { ConditionFieldType } from './use-condition-field-types';

interface FieldGroupEditorProps {
  title: string;
  /** Where focus goes back when the editor closes (see Editor). */
  returnFocusTo?: string;
  initial: FieldGroupValues;
  /** Every incident field (for the mappings). */
  fields: readonly IncidentFieldDto[];
  /** The fields the form's saved groups map (for field conditions). */
  formFields: readonly IncidentFieldDto[];
  fieldTypes: Readonly<Record<string, ConditionFieldType>>;
  requestFieldType: (fieldId: string) => void;
  submitText: string;
  saving: boolean;
  error: IncidentCallError | null;
  onSubmit: (values: FieldGroupValues) => void;
  onCancel: () => void;
}

const INPUTS = ['title', 'content', 'form_field_mappings', 'display_conditions'];

/** A field group: its title, the content shown above its fields, its fields and its display conditions. */
export function FieldGroupEditor({
  title,
  returnFocusTo,
  initial,
  fields,
  formFields,
  fieldTypes,
  requestFieldType,
  submitText,
  saving,
  error,
  onSubmit,
  onCancel,
}: FieldGroupEditorProps) {
  const [values, setValues] = useState(initial);
  const set = (changes: Partial<FieldGroupValues>) => setValues((current) => ({ ...current, ...changes }));
  // A condition may look at a field this group is about to map, as well as the form's saved ones.
  const conditionFields = [
    ...formFields,
    ...fields.filter((field) => values.field_mappings.some((mapping) => mapping.field === field.id) && !formFields.includes(field)),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit({ ...values, title: values.title.trim() });
  };
  return (
    <Editor title={title} returnFocusTo={returnFocusTo} onSubmit={submit}>
      {error && <ErrorMessages messages={unplacedMessages(error, INPUTS)} />}
      <Labelled label="Title" errors={error?.fields['title']}>
        {(control) => <Input {...control} required value={values.title} onChange={(event) => set({ title: event.target.value })} />}
      </Labelled>
      <Labelled label="Content" hint="Shown above the group’s fields." errors={error?.fields['content']}>
        {(control) => <TextArea {...control} value={values.content} onChange={(event) => set({ content: event.target.value })} />}
      </Labelled>
      <FieldMappingsEditor
        groupTitle={values.title}
        mappings={values.field_mappings}
        onChange={(field_mappings) => set({ field_mappings })}
        fields={fields}
      />
      {error?.fields['form_field_mappings'] && <ErrorMessages messages={error.fields['form_field_mappings']} />}
      <DisplayConditionsEditor
        conditions={values.display_conditions}
        onChange={(display_conditions) => set({ display_conditions })}
        formFields={conditionFields}
        fieldTypes={fieldTypes}
        requestFieldType={requestFieldType}
      />
      {error?.fields['display_conditions'] && <ErrorMessages messages={error.fields['display_conditions']} />}
      <EditorActions submitText={submitText} saving={saving} onCancel={onCancel} />
    </Editor>
  );
}
