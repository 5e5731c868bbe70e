import type { IncidentFieldTypeName } from '@beacon/contracts';
import { useState, type FormEvent } from 'react';
import { Checkbox, Editor, EditorActions, ErrorMessages, Input, InputRow, Labelled, Select } from '../components/controls';
import { unplacedMessages, type IncidentCallError } from '../../../api/incident-errors';
import { FIELD_TYPE_LABELS, FIELD_TYPES } from './field-types';

export interface FieldValues {
  label: string;
  field_type: IncidentFieldTypeName;
  is_pii: boolean;
}

interface FieldEditorProps {
  /** The heading: "New field", or the field being changed. */
  title: string;
  /** Where focus goes back when the editor closes (see Editor). */
  returnFocusTo?: string;
  initial: FieldValues;
  submitText: string;
  saving: boolean;
  error: IncidentCallError | null;
  onSubmit: (values: FieldValues) => void;
  onCancel: () => void;
}

const INPUTS = ['label', 'field_type'];

/** Label, type and PII flag of an incident field, for a new field or a change. */
export function FieldEditor({ title, returnFocusTo, initial, submitText, saving, error, onSubmit, onCancel }: FieldEditorProps) {
  const [values, setValues] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit({ ...values, label: values.label.trim() });
  };
  return (
    <Editor title={title} returnFocusTo={returnFocusTo} onSubmit={submit}>
      {error && <ErrorMessages messages={unplacedMessages(error, INPUTS)} />}
      <InputRow>
        <Labelled label="Label" errors={error?.fields['label']}>
          {(control) => (
            <Input {...control} required value={values.label} onChange={(event) => setValues({ ...values, label: event.target.value })} />
          )}
        </Labelled>
        <Labelled label="Type" errors={error?.fields['field_type']}>
          {(control) => (
            <Select
              {...control}
              value={values.field_type}
              onChange={(event) => setValues({ ...values, field_type: event.target.value as IncidentFieldTypeName })}
            >
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FIELD_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      </InputRow>
      <Checkbox label="Personal data (PII)" checked={values.is_pii} onChange={(is_pii) => setValues({ ...values, is_pii })} />
      <EditorActions submitText={submitText} saving={saving} onCancel={onCancel} />
    </Editor>
  );
}
