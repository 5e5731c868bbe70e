import type { FieldChoiceOptionDto, IncidentFieldDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useDialog, useSnackbar } from '../../../feedback/use-feedback';
import { ErrorMessages, Input, ItemButton, Labelled, Note, VisuallyHidden } from '../components/controls';
import { unplacedMessages } from '../../../api/incident-errors';
import { createFieldOptionsMachine, type OptionChange } from '../machines/field-options.machine';
import { useIncidentSettingsApi } from '../use-incident-settings';

interface FieldOptionsEditorProps {
  field: IncidentFieldDto;
  /** The field as it stands after a change of its options. */
  onChanged: (field: IncidentFieldDto) => void;
}

const SAVED_TEXT: Record<OptionChange['kind'], string> = {
  add: 'The option was added.',
  rename: 'The option was renamed.',
  delete: 'The option was deleted.',
};

/** The choice options of a SINGLESELECT or MULTISELECT field: add, rename, delete. */
export function FieldOptionsEditor({ field, onChanged }: FieldOptionsEditorProps) {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const [logic] = useState(() => createFieldOptionsMachine(api));
  const [snapshot, send, actor] = useMachine(logic, { input: { field } });
  const [newValue, setNewValue] = useState('');
  const { field: current, error, change } = snapshot.context;
  const saving = snapshot.matches('saving');

  useEffect(() => {
    const subscription = actor.on('options.saved', (saved) => {
      if (saved.change.kind === 'add') setNewValue('');
      snackbar.show(SAVED_TEXT[saved.change.kind]);
      onChanged(saved.field);
    });
    return () => subscription.unsubscribe();
  }, [actor, snackbar, onChanged]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!saving && newValue.trim() !== '') send({ type: 'options.add', value: newValue });
  };
  const confirmDelete = (option: FieldChoiceOptionDto) =>
    dialog.alert({
      message: `Delete the option "${option.value}" of ${field.label}?`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'options.delete', id: option.id }),
    });
  const failedOption = change && change.kind !== 'add' ? change.id : null;

  return (
    <Box aria-label={`Choice options of ${current.label}`}>
      <h4>Choice options</h4>
      {current.options.length === 0 && <Note>No options yet. Add the choices this field offers.</Note>}
      <OptionList>
        {current.options.map((option, index) => (
          <OptionRow
            key={`${option.id}:${option.value}`}
            option={option}
            position={index + 1}
            saving={saving}
            errors={error && failedOption === option.id ? error.fields['value'] ?? [] : []}
            onRename={(value) => send({ type: 'options.rename', id: option.id, value })}
            onDelete={() => confirmDelete(option)}
          />
        ))}
      </OptionList>
      <AddRow onSubmit={add}>
        <Labelled label="New option" errors={error && change?.kind === 'add' ? error.fields['value'] : undefined}>
          {(control) => <Input {...control} value={newValue} onChange={(event) => setNewValue(event.target.value)} />}
        </Labelled>
        <ItemButton type="submit" disabled={saving || newValue.trim() === ''}>
          Add option
        </ItemButton>
      </AddRow>
      {error && <ErrorMessages messages={unplacedMessages(error, ['value'])} onDismiss={() => send({ type: 'options.dismissError' })} />}
    </Box>
  );
}

interface OptionRowProps {
  option: FieldChoiceOptionDto;
  position: number;
  saving: boolean;
  errors: readonly string[];
  onRename: (value: string) => void;
  onDelete: () => void;
}

function OptionRow({ option, position, saving, errors, onRename, onDelete }: OptionRowProps) {
  const [value, setValue] = useState(option.value);
  const changed = value.trim() !== '' && value.trim() !== option.value;
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (changed && !saving) onRename(value);
  };
  return (
    <li>
      <OptionForm onSubmit={rename}>
        <Labelled label={`Option ${position}`} errors={errors}>
          {(control) => <Input {...control} value={value} onChange={(event) => setValue(event.target.value)} />}
        </Labelled>
        <ItemButton type="submit" disabled={saving || !changed}>
          Rename
        </ItemButton>
        <ItemButton type="button" data-danger="true" disabled={saving} onClick={onDelete}>
          Delete<VisuallyHidden> {option.value}</VisuallyHidden>
        </ItemButton>
      </OptionForm>
    </li>
  );
}

const Box = styled.section`
  display: grid;
  gap: 8px;
  padding-top: 8px;

  h4 {
    margin: 0;
  }
`;

const OptionList = styled.ol`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const OptionForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
`;

const AddRow = styled(OptionForm)``;
