import type { CustomerGroupFieldDto } from '@beacon/contracts';
import { isSelectFieldType } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useApi } from '../../../api/api-context';
import { useDialog } from '../../../feedback/use-feedback';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { CellNote, DataTable } from '../../../shared-ui/DataTable';
import { Field, Input, Select, TextArea } from '../../../shared-ui/form-controls';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import { FIELD_TYPE_LABELS } from '../field-type-labels';
import { contactFieldsApi } from './contact-fields-api';
import { changedText, sendFieldChange, type FieldChange } from './field-changes';
import { createFieldsEditorMachine } from './fields-editor.machine';
import { newFieldErrors, optionLabels, typesFor, type FieldsKind, type NewField } from './new-field';

const TEXTS: Record<FieldsKind, { title: string; description: string; caption: string; none: string; add: string }> = {
  devices: {
    title: 'Devices',
    description: 'The contact fields that hold a phone number or an email address, and the devices each gives messages.',
    caption: 'Device fields',
    none: 'The dataset has no device fields.',
    add: 'Add a device field',
  },
  data: {
    title: 'Data',
    description: 'The contact fields that describe the dataset’s users, and the options each offers.',
    caption: 'Data fields',
    none: 'The dataset has no data fields.',
    add: 'Add a data field',
  },
};

const isKind = (kind: FieldsKind) => (field: CustomerGroupFieldDto) => (kind === 'devices') === field.devices.length > 0;

export interface FieldsEditorProps {
  kind: FieldsKind;
  groupId: string;
  notify: (text: string, type: 'default' | 'error') => void;
}

/**
 * Devices or Data of a dataset: its contact fields of that kind, its own and those it inherits. An admin
 * adds fields here; renames and deletes the dataset's own fields and their options; and chooses which
 * options of an inherited field this dataset offers.
 */
export function FieldsEditor({ kind, groupId, notify }: FieldsEditorProps) {
  const api = useApi();
  const logic = useMemo(() => {
    const fields = contactFieldsApi(api);
    return createFieldsEditorMachine({
      load: () => fields.fields(groupId),
      send: (change) => sendFieldChange(fields, groupId, change),
      notify,
      savedText: changedText,
    });
  }, [api, groupId, notify]);
  const [snapshot, send] = useMachine(logic);
  const titleId = useId();
  const { fields, loadError, serverErrors, change } = snapshot.context;
  const busy = !snapshot.matches('ready');
  const texts = TEXTS[kind];
  const shown = fields?.filter(isKind(kind)) ?? [];
  const apply = (next: FieldChange) => send({ type: 'fields.change', change: next });

  return (
    <section aria-labelledby={titleId} aria-busy={busy}>
      <h2 id={titleId}>{texts.title}</h2>
      <Note>{texts.description}</Note>
      {snapshot.matches('loading') && fields === null && <Note role="status">Loading the fields…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'fields.retry' })} />}
      {fields !== null && shown.length === 0 && <Note>{texts.none}</Note>}
      {shown.length > 0 && (
        <DataTable caption={texts.caption} busy={busy}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">{kind === 'devices' ? 'Devices' : 'Options'}</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((field) => (
              <tr key={field.id}>
                <th scope="row">
                  {field.label}
                  {field.is_inherited && <CellNote>From a parent dataset</CellNote>}
                </th>
                <td>{FIELD_TYPE_LABELS[field.field_type]}</td>
                <td>
                  {kind === 'devices' ? field.devices.map((device) => device.label).join(', ') : <Options field={field} busy={busy} onChange={apply} />}
                </td>
                <td>{!field.is_inherited && <FieldActions field={field} busy={busy} onChange={apply} />}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {fields !== null && (
        <AddFieldForm kind={kind} busy={busy} serverErrors={change?.kind === 'create' ? serverErrors : {}} onAdd={apply} legend={texts.add} />
      )}
    </section>
  );
}

interface ChangeProps {
  field: CustomerGroupFieldDto;
  busy: boolean;
  onChange: (change: FieldChange) => void;
}

function FieldActions({ field, busy, onChange }: ChangeProps) {
  const dialog = useDialog();
  const rename = () =>
    dialog.singleInput({ title: 'Rename field', label: 'Field name', value: field.label, onSubmit: (label) => onChange({ kind: 'rename', field, label }) });
  const remove = () =>
    dialog.alert({
      message: `Delete the field “${field.label}”? Its values are deleted with it. This cannot be undone.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => onChange({ kind: 'delete', field }),
    });
  return (
    <Actions>
      <SecondaryButton type="button" disabled={busy} onClick={rename} aria-label={`Rename ${field.label}`}>
        Rename
      </SecondaryButton>
      <SecondaryButton type="button" disabled={busy} onClick={remove} aria-label={`Delete ${field.label}`}>
        Delete
      </SecondaryButton>
    </Actions>
  );
}

/**
 * A select field's options. The dataset that defines the field adds and deletes them; a dataset that
 * inherits it chooses which it offers (an option it does not offer is excluded for it and below it).
 */
function Options({ field, busy, onChange }: ChangeProps) {
  const [label, setLabel] = useState('');
  const inputId = useId();
  if (!isSelectFieldType(field.field_type)) return <>—</>;
  const addOption = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim() === '') return;
    onChange({ kind: 'addOption', field, label: label.trim() });
    setLabel('');
  };
  return (
    <>
      <OptionList aria-label={`Options of ${field.label}`}>
        {field.options.map((option) => (
          <li key={option.id}>
            {field.is_inherited ? (
              <label>
                <input
                  type="checkbox"
                  checked={!option.excluded}
                  disabled={busy}
                  onChange={(event) => onChange({ kind: 'offer', field, optionId: option.id, label: option.label, offered: event.target.checked })}
                />{' '}
                {option.label}
                {option.excluded && <CellNote>Not offered in this dataset</CellNote>}
              </label>
            ) : (
              <>
                {option.label}
                <SecondaryButton
                  type="button"
                  disabled={busy}
                  aria-label={`Delete option ${option.label} of ${field.label}`}
                  onClick={() => onChange({ kind: 'deleteOption', field, optionId: option.id, label: option.label })}
                >
                  Delete
                </SecondaryButton>
              </>
            )}
          </li>
        ))}
      </OptionList>
      {field.all_options_disabled && <CellNote>None of its options is offered in this dataset.</CellNote>}
      {!field.is_inherited && (
        <InlineForm onSubmit={addOption}>
          <label htmlFor={inputId}>New option for {field.label}</label>
          <Input id={inputId} value={label} maxLength={100} onChange={(event) => setLabel(event.target.value)} />
          <SecondaryButton type="submit" disabled={busy || label.trim() === ''}>
            Add option
          </SecondaryButton>
        </InlineForm>
      )}
    </>
  );
}

interface AddFieldFormProps {
  kind: FieldsKind;
  busy: boolean;
  legend: string;
  serverErrors: Readonly<Record<string, readonly string[]>>;
  onAdd: (change: FieldChange) => void;
}

function AddFieldForm({ kind, busy, legend, serverErrors, onAdd }: AddFieldFormProps) {
  const types = typesFor(kind);
  const blank: NewField = { label: '', fieldType: types[0]!, optionsText: '' };
  const [draft, setDraft] = useState<NewField>(blank);
  const [touched, setTouched] = useState(false);
  const ids = { label: useId(), type: useId(), options: useId(), labelErrors: useId(), optionErrors: useId() };
  const errors = newFieldErrors(draft);
  const selectType = isSelectFieldType(draft.fieldType);
  const labelMessages = [...(touched ? errors.label : []), ...(serverErrors.label ?? [])];
  const optionMessages = [...errors.options, ...(serverErrors.options ?? [])];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.label.length || errors.options.length) return;
    onAdd({ kind: 'create', label: draft.label.trim(), fieldType: draft.fieldType, options: selectType ? optionLabels(draft.optionsText) : null });
    setDraft(blank);
    setTouched(false);
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend>{legend}</legend>
        <Field>
          <label htmlFor={ids.label}>Field name</label>
          <Input
            id={ids.label}
            value={draft.label}
            aria-invalid={labelMessages.length > 0}
            aria-describedby={labelMessages.length ? ids.labelErrors : undefined}
            onChange={(event) => {
              setTouched(true);
              setDraft({ ...draft, label: event.target.value });
            }}
          />
          {labelMessages.length > 0 && <ErrorText id={ids.labelErrors}>{labelMessages.join(' ')}</ErrorText>}
        </Field>
        <Field>
          <label htmlFor={ids.type}>Type</label>
          <Select id={ids.type} value={draft.fieldType} onChange={(event) => setDraft({ ...draft, fieldType: event.target.value as NewField['fieldType'] })}>
            {types.map((type) => (
              <option key={type} value={type}>
                {FIELD_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
        {selectType && (
          <Field>
            <label htmlFor={ids.options}>Options, one per line</label>
            <TextArea
              id={ids.options}
              rows={4}
              value={draft.optionsText}
              aria-invalid={optionMessages.length > 0}
              aria-describedby={optionMessages.length ? ids.optionErrors : undefined}
              onChange={(event) => setDraft({ ...draft, optionsText: event.target.value })}
            />
            {optionMessages.length > 0 && <ErrorText id={ids.optionErrors}>{optionMessages.join(' ')}</ErrorText>}
          </Field>
        )}
        <PrimaryButton type="submit" disabled={busy}>
          Add field
        </PrimaryButton>
      </fieldset>
    </form>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

const OptionList = styled.ul`
  margin: 0;
  padding-left: 18px;

  li {
    margin: 2px 0;
  }
`;

const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-top: 8px;
`;

const ErrorText = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.error};
`;
