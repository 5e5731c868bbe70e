import type { IncidentFieldDto, IncidentValueEntry, UploadedAttachmentDto } from '@beacon/contracts';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Input, Select, TextArea } from '../../../shared-ui/form-controls';

interface TemplateFieldProps {
  field: IncidentFieldDto;
  values: readonly IncidentValueEntry[];
  required: boolean;
  /** The template's label colour; '' for the default. */
  labelColor: string;
  /** What is wrong with the value (a required value missing, a broken rule, a failed upload). */
  errors: readonly string[];
  /** Names of the files still uploading to this field. */
  uploading: readonly string[];
  onChange: (values: IncidentValueEntry[]) => void;
  onUpload: (file: File) => void;
}

const firstText = (values: readonly IncidentValueEntry[]): string => {
  const [first] = values;
  return typeof first === 'string' || typeof first === 'number' ? String(first) : '';
};

const isAttachment = (entry: IncidentValueEntry): entry is UploadedAttachmentDto =>
  typeof entry === 'object' && entry !== null && 'key' in entry && 'url' in entry;

const textValues = (text: string): IncidentValueEntry[] => (text === '' ? [] : [text]);

/** A DATETIME value (ISO, any zone) as the guest's local date and time, for a datetime-local input. */
function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The guest's local date and time as an ISO instant, so the server knows which moment they meant. */
function isoFromLocalInput(local: string): string {
  const date = new Date(local);
  return local === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/**
 * One field of the public incident template page, with the input its field type takes. A small
 * renderer of its own: the signed-in incident editor has more to do (history, conflicts, PII).
 */
export function TemplateField({ field, values, required, labelColor, errors, uploading, onChange, onUpload }: TemplateFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const described = errors.length > 0 ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};
  const common = { id, required, ...described };
  const label = (
    <>
      {field.label}
      {required && <Required aria-hidden="true"> *</Required>}
    </>
  );

  let control: ReactNode;
  switch (field.field_type) {
    case 'TEXTAREA':
      control = <TextArea {...common} rows={4} value={firstText(values)} onChange={(e) => onChange(textValues(e.target.value))} />;
      break;
    case 'NUMBER':
      control = <NumberInput common={common} values={values} onChange={onChange} />;
      break;
    case 'DATE':
    case 'TIME':
      control = (
        <Input
          {...common}
          type={field.field_type.toLowerCase()}
          value={firstText(values)}
          onChange={(e) => onChange(textValues(e.target.value))}
        />
      );
      break;
    case 'DATETIME':
      control = (
        <Input
          {...common}
          type="datetime-local"
          value={localInputValue(firstText(values))}
          onChange={(e) => onChange(textValues(isoFromLocalInput(e.target.value)))}
        />
      );
      break;
    case 'CHECKBOX':
      return (
        <Field $labelColor={labelColor}>
          <Inline>
            <input {...common} type="checkbox" checked={values.some((v) => v === true)} onChange={(e) => onChange(e.target.checked ? [true] : [])} />
            <label htmlFor={id}>{label}</label>
          </Inline>
          <Errors id={errorId} errors={errors} />
        </Field>
      );
    case 'SINGLESELECT':
      control = (
        <Select {...common} value={firstText(values)} onChange={(e) => onChange(textValues(e.target.value))}>
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.value}
            </option>
          ))}
        </Select>
      );
      break;
    case 'MULTISELECT':
      return (
        <Field as="fieldset" $labelColor={labelColor} aria-required={required} {...described}>
          <legend>{label}</legend>
          {field.options.map((option) => (
            <Inline key={option.id}>
              <input
                id={`${id}-${option.id}`}
                type="checkbox"
                checked={values.includes(option.id)}
                onChange={(e) => onChange(e.target.checked ? [...values, option.id] : values.filter((v) => v !== option.id))}
              />
              <label htmlFor={`${id}-${option.id}`}>{option.value}</label>
            </Inline>
          ))}
          <Errors id={errorId} errors={errors} />
        </Field>
      );
    case 'ATTACHMENT':
      control = (
        <Attachments
          common={common}
          attachments={values.filter(isAttachment)}
          uploading={uploading}
          onRemove={(key) => onChange(values.filter((v) => !isAttachment(v) || v.key !== key))}
          onUpload={onUpload}
        />
      );
      break;
    default:
      control = <Input {...common} type="text" value={firstText(values)} onChange={(e) => onChange(textValues(e.target.value))} />;
  }

  return (
    <Field $labelColor={labelColor}>
      <label htmlFor={id}>{label}</label>
      {control}
      <Errors id={errorId} errors={errors} />
    </Field>
  );
}

interface ControlProps {
  common: { id: string; required: boolean; 'aria-describedby'?: string; 'aria-invalid'?: true };
}

/** Keeps what the guest types ("1." on the way to "1.5") while the value holds the number. */
function NumberInput({ common, values, onChange }: ControlProps & { values: readonly IncidentValueEntry[]; onChange: (values: IncidentValueEntry[]) => void }) {
  const [text, setText] = useState(() => firstText(values));
  return (
    <Input
      {...common}
      type="number"
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const number = e.target.valueAsNumber;
        onChange(Number.isFinite(number) ? [number] : []);
      }}
    />
  );
}

function Attachments({
  common,
  attachments,
  uploading,
  onRemove,
  onUpload,
}: ControlProps & {
  attachments: UploadedAttachmentDto[];
  uploading: readonly string[];
  onRemove: (key: string) => void;
  onUpload: (file: File) => void;
}) {
  return (
    <>
      <input
        {...common}
        required={common.required && attachments.length === 0}
        type="file"
        multiple
        onChange={(e) => {
          [...(e.target.files ?? [])].forEach(onUpload);
          e.target.value = '';
        }}
      />
      {(attachments.length > 0 || uploading.length > 0) && (
        <Files>
          {attachments.map((attachment) => (
            <li key={attachment.key}>
              <span>{attachment.name}</span>
              <SecondaryButton type="button" aria-label={`Remove ${attachment.name}`} onClick={() => onRemove(attachment.key)}>
                Remove
              </SecondaryButton>
            </li>
          ))}
          {uploading.map((name, index) => (
            <li key={`uploading-${index}`} role="status">
              Uploading {name}…
            </li>
          ))}
        </Files>
      )}
    </>
  );
}

function Errors({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ErrorText id={id}>
      {errors.map((error) => (
        <span key={error}>{error}</span>
      ))}
    </ErrorText>
  );
}

const Field = styled.div<{ $labelColor: string }>`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  border: none;

  > label,
  legend {
    padding: 0;
    font-weight: 500;
    color: ${({ $labelColor, theme }) => $labelColor || theme.colors.text};
  }

  legend {
    margin-bottom: 4px;
  }
`;

const Inline = styled.div`
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

const Files = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: 8px;
    align-items: center;
  }
`;

const ErrorText = styled.p`
  display: grid;
  gap: 2px;
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;
