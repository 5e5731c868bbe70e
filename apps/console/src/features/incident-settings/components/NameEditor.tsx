import { useState, type FormEvent } from 'react';
import { unplacedMessages, type IncidentCallError } from '../../../api/incident-errors';
import { Editor, EditorActions, ErrorMessages, Input, Labelled } from './controls';

interface NameEditorProps {
  title: string;
  /** Where focus goes back when the editor closes (see Editor). */
  returnFocusTo?: string;
  label: string;
  /** The request field the name goes in, whose server messages show under the input. */
  name: string;
  initial: string;
  submitText: string;
  saving: boolean;
  error: IncidentCallError | null;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/** One name to enter: a new form's, or a form's new name. */
export function NameEditor({ title, returnFocusTo, label, name, initial, submitText, saving, error, onSubmit, onCancel }: NameEditorProps) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit(value.trim());
  };
  return (
    <Editor title={title} returnFocusTo={returnFocusTo} onSubmit={submit}>
      {error && <ErrorMessages messages={unplacedMessages(error, [name])} />}
      <Labelled label={label} errors={error?.fields[name]}>
        {(control) => <Input {...control} required value={value} onChange={(event) => setValue(event.target.value)} />}
      </Labelled>
      <EditorActions submitText={submitText} saving={saving} onCancel={onCancel} />
    </Editor>
  );
}
