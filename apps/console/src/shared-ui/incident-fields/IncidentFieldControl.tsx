import type { IncidentValueEntry, SnapshotFieldDto } from '@beacon/contracts';
import styled from 'styled-components';
import {
  attachmentsOf,
  fieldValueText,
  firstText,
  fromDateTimeInput,
  fromNumber,
  fromText,
  fromTicked,
  hasExpiredEntries,
  isTicked,
  selectedOptionIds,
  textInputType,
  toDateTimeInput,
} from './field-values';
import { AttachmentList, AttachmentUpload, type AttachmentActions } from './AttachmentField';
import { Badge, CheckLabel, ErrorMessage, Field, HintMessage, Input, Messages, Select, TextArea } from './form-controls';

export interface FieldMessage {
  text: string;
  kind: 'error' | 'hint';
}

export interface IncidentFieldControlProps {
  /** The id of the control (the first one, for a group of checkboxes): the label and focus use it. */
  id: string;
  field: SnapshotFieldDto;
  required: boolean;
  values: IncidentValueEntry[];
  messages: readonly FieldMessage[];
  /** Shows the values as text (a closed incident, an earlier version). */
  readOnly: boolean;
  timeZone: string;
  attachments: AttachmentActions;
  onChange: (values: IncidentValueEntry[]) => void;
}

const EXPIRED_HINT = 'A value of this field has expired; it is removed when you save.';

/** One field of a field group, as its field type asks (spec §3), with its messages next to it. */
export function IncidentFieldControl(props: IncidentFieldControlProps) {
  const { id, field, values, readOnly } = props;
  const messages: FieldMessage[] = [...props.messages];
  if (!readOnly && hasExpiredEntries(values)) messages.push({ text: EXPIRED_HINT, kind: 'hint' });
  const messagesId = `${id}-messages`;
  const piiId = `${id}-pii`;
  const describedBy = [field.is_pii ? piiId : null, messages.length > 0 ? messagesId : null].filter(Boolean).join(' ') || undefined;
  const invalid = messages.some((message) => message.kind === 'error');
  const common = { describedBy, invalid, messagesId, messages, piiId };

  if (readOnly) return <ReadOnlyField {...props} {...common} />;
  if (field.field_type === 'MULTISELECT') return <MultiSelectField {...props} {...common} />;
  if (field.field_type === 'CHECKBOX') return <CheckboxField {...props} {...common} />;
  return (
    <Field>
      <FieldLabel htmlFor={id} field={field} required={props.required} piiId={piiId} />
      {field.field_type === 'ATTACHMENT' && (
        <AttachmentList fieldLabel={field.label} attachments={attachmentsOf(values)} actions={props.attachments} onChange={props.onChange} />
      )}
      <Control {...props} describedBy={describedBy} invalid={invalid} />
      <FieldMessages id={messagesId} messages={messages} />
    </Field>
  );
}

interface ControlExtras {
  describedBy: string | undefined;
  invalid: boolean;
}

function Control({ id, field, required, values, attachments, onChange, describedBy, invalid }: IncidentFieldControlProps & ControlExtras) {
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined, 'aria-required': required || undefined };
  switch (field.field_type) {
    case 'TEXTAREA':
      return <TextArea id={id} value={firstText(values)} onChange={(e) => onChange(fromText(e.target.value))} {...aria} />;
    case 'DATE':
      return <Input id={id} type="date" value={firstText(values)} onChange={(e) => onChange(fromText(e.target.value))} {...aria} />;
    case 'TIME':
      return <Input id={id} type="time" value={firstText(values)} onChange={(e) => onChange(fromText(e.target.value))} {...aria} />;
    case 'DATETIME':
      return (
        <Input id={id} type="datetime-local" value={toDateTimeInput(values)} onChange={(e) => onChange(fromDateTimeInput(e.target.value))} {...aria} />
      );
    case 'SINGLESELECT':
      return (
        <Select id={id} value={selectedOptionIds(values, field.options)[0] ?? ''} onChange={(e) => onChange(fromText(e.target.value))} {...aria}>
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.value}
            </option>
          ))}
        </Select>
      );
    case 'ATTACHMENT':
      return <AttachmentUpload id={id} field={field.id} values={values} actions={attachments} onChange={onChange} aria={aria} />;
    default: {
      const type = textInputType(field.field_type);
      const fromInput = type === 'number' ? fromNumber : fromText;
      return <Input id={id} type={type} value={firstText(values)} onChange={(e) => onChange(fromInput(e.target.value))} {...aria} />;
    }
  }
}

interface GroupExtras extends ControlExtras {
  messagesId: string;
  messages: FieldMessage[];
  piiId: string;
}

function CheckboxField({ id, field, required, values, onChange, describedBy, invalid, messagesId, messages, piiId }: IncidentFieldControlProps & GroupExtras) {
  return (
    <Field>
      <CheckLabel>
        <input
          id={id}
          type="checkbox"
          checked={isTicked(values)}
          onChange={(e) => onChange(fromTicked(e.target.checked))}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
        />
        {field.label}
        {required && <RequiredMark />}
      </CheckLabel>
      {field.is_pii && <PiiBadge id={piiId} />}
      <FieldMessages id={messagesId} messages={messages} />
    </Field>
  );
}

function MultiSelectField({ id, field, required, values, onChange, describedBy, messagesId, messages, piiId }: IncidentFieldControlProps & GroupExtras) {
  const selected = selectedOptionIds(values, field.options);
  const toggle = (optionId: string, ticked: boolean) => {
    const next = new Set(selected);
    if (ticked) next.add(optionId);
    else next.delete(optionId);
    onChange(field.options.filter((option) => next.has(option.id)).map((option) => option.id));
  };
  return (
    <Options aria-describedby={describedBy}>
      <legend>
        {field.label}
        {required && <RequiredMark />}
        {field.is_pii && <PiiBadge id={piiId} />}
      </legend>
      {field.options.length === 0 && <p>No options to choose from.</p>}
      {field.options.map((option, index) => (
        <CheckLabel key={option.id}>
          <input
            id={index === 0 ? id : `${id}-${option.id}`}
            type="checkbox"
            checked={selected.includes(option.id)}
            onChange={(e) => toggle(option.id, e.target.checked)}
          />
          {option.value}
        </CheckLabel>
      ))}
      <FieldMessages id={messagesId} messages={messages} />
    </Options>
  );
}

function ReadOnlyField({ id, field, values, timeZone, attachments, messagesId, messages, piiId }: IncidentFieldControlProps & GroupExtras) {
  const text = fieldValueText(field, values, timeZone);
  const files = field.field_type === 'ATTACHMENT' ? attachmentsOf(values) : [];
  return (
    <Field>
      <span id={`${id}-label`}>
        <strong>{field.label}</strong>
        {field.is_pii && <PiiBadge id={piiId} />}
      </span>
      {files.length > 0 ? (
        <AttachmentList fieldLabel={field.label} attachments={files} actions={attachments} />
      ) : (
        <span aria-labelledby={`${id}-label`}>{text === '' ? <Empty>No value</Empty> : text}</span>
      )}
      <FieldMessages id={messagesId} messages={messages} />
    </Field>
  );
}

function FieldLabel({ htmlFor, field, required, piiId }: { htmlFor: string; field: SnapshotFieldDto; required: boolean; piiId: string }) {
  return (
    <LabelRow>
      <label htmlFor={htmlFor}>
        {field.label}
        {required && <RequiredMark />}
      </label>
      {field.is_pii && <PiiBadge id={piiId} />}
    </LabelRow>
  );
}

function RequiredMark() {
  return (
    <Required aria-hidden="true" title="Required">
      {' *'}
    </Required>
  );
}

/** PII fields are marked, so users know the value is personal data. */
function PiiBadge({ id }: { id: string }) {
  return (
    <Badge id={id} title="Personal data (PII)">
      PII
    </Badge>
  );
}

function FieldMessages({ id, messages }: { id: string; messages: readonly FieldMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <Messages id={id}>
      {messages.map((message) =>
        message.kind === 'error' ? <ErrorMessage key={message.text}>{message.text}</ErrorMessage> : <HintMessage key={message.text}>{message.text}</HintMessage>,
      )}
    </Messages>
  );
}

const LabelRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;

  label {
    font-weight: 500;
  }
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;

const Options = styled.fieldset`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    display: flex;
    gap: 8px;
    align-items: center;
    padding: 0 0 4px;
    font-weight: 500;
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
