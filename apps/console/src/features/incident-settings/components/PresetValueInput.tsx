import type { IncidentFieldDto } from '@beacon/contracts';
import { Checkbox, Input, Labelled, Note, Select, TextArea } from './controls';

interface PresetValueInputProps {
  field: IncidentFieldDto;
  values: readonly unknown[];
  onChange: (values: unknown[]) => void;
  /** Shown for ATTACHMENT fields, which take no preset value. */
  attachmentNote: string;
}

const INPUT_TYPES: Partial<Record<IncidentFieldDto['field_type'], string>> = {
  TEXT: 'text',
  NUMBER: 'number',
  DATE: 'date',
  TIME: 'time',
  DATETIME: 'datetime-local',
};

const first = (values: readonly unknown[]) => (values[0] === undefined || values[0] === null ? '' : String(values[0]));

/**
 * One field's value in the incident payload's shape (a list of values): text, a number, a date or
 * time, a checked box, or the ids of the chosen options.
 */
export function PresetValueInput({ field, values, onChange, attachmentNote }: PresetValueInputProps) {
  const type = field.field_type;
  if (type === 'ATTACHMENT') {
    return (
      <div>
        <strong>{field.label}</strong>
        <Note>{attachmentNote}</Note>
      </div>
    );
  }
  if (type === 'CHECKBOX') {
    return <Checkbox label={field.label} checked={values[0] === true} onChange={(checked) => onChange(checked ? [true] : [])} />;
  }
  if (type === 'MULTISELECT') {
    const chosen = new Set(values.map(String));
    return (
      <fieldset>
        <legend>{field.label}</legend>
        {field.options.length === 0 && <Note>This field has no options yet.</Note>}
        {field.options.map((option) => (
          <Checkbox
            key={option.id}
            label={option.value}
            checked={chosen.has(option.id)}
            onChange={(checked) =>
              onChange(field.options.filter((candidate) => (candidate.id === option.id ? checked : chosen.has(candidate.id))).map((o) => o.id))
            }
          />
        ))}
      </fieldset>
    );
  }
  return (
    <Labelled label={field.label}>
      {(control) =>
        type === 'SINGLESELECT' ? (
          <Select {...control} value={first(values)} onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}>
            <option value="">No value</option>
            {field.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.value}
              </option>
            ))}
          </Select>
        ) : type === 'TEXTAREA' ? (
          <TextArea {...control} value={first(values)} onChange={(event) => onChange(event.target.value ? [event.target.value] : [])} />
        ) : (
          <Input
            {...control}
            type={INPUT_TYPES[type] ?? 'text'}
            step={type === 'NUMBER' ? 'any' : undefined}
            value={first(values)}
            onChange={(event) => {
              const text = event.target.value;
              if (text === '') onChange([]);
              else onChange([type === 'NUMBER' && Number.isFinite(Number(text)) ? Number(text) : text]);
            }}
          />
        )
      }
    </Labelled>
  );
}
