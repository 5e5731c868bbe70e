import { useId } from 'react';
import styled from 'styled-components';
import { Input, Select } from '../form-controls';
import { CheckboxField, Fieldset, GroupErrors, Hint, Labelled } from '../labelled-controls';
import { textValues, type UserField } from './field-values';

export const PHONE_HINT = "Enter with the country code, or a number of the group's country";

interface FieldValueControlProps {
  field: UserField;
  values: readonly string[];
  errors: readonly string[];
  onChange: (values: string[]) => void;
}

const INPUT_TYPES: Partial<Record<UserField['field_type'], { type: string; inputMode?: 'decimal'; autoComplete?: string }>> = {
  EMAIL: { type: 'email', autoComplete: 'off' },
  'PHONE(SMS)': { type: 'tel', autoComplete: 'off' },
  'PHONE(VOICE)': { type: 'tel', autoComplete: 'off' },
  'PHONE(SMS&VOICE)': { type: 'tel', autoComplete: 'off' },
  NUMERIC: { type: 'text', inputMode: 'decimal' },
};

const isPhone = (field: UserField) => field.field_type.startsWith('PHONE');

/** An option held that the group no longer offers stays visible, so it can be taken away. */
const NO_LONGER_OFFERED = 'An option no longer offered';

/**
 * One contact field of a user, labelled by the field's label: a text input for devices, text,
 * numbers, postcodes and pagers; a select for a single choice; a group of checkboxes for a multiple
 * choice. The field's messages are read as its description.
 */
export function FieldValueControl({ field, values, errors, onChange }: FieldValueControlProps) {
  if (field.field_type === 'MULTISELECT') return <MultipleChoice field={field} values={values} errors={errors} onChange={onChange} />;
  if (field.field_type === 'SINGLESELECT') {
    const held = values[0] ?? '';
    const unlisted = held !== '' && !field.options.some((option) => option.id === held);
    return (
      <Labelled label={field.label} errors={errors}>
        {(control) => (
          <WideSelect {...control} value={held} onChange={(event) => onChange(textValues(event.target.value))}>
            <option value="">No choice</option>
            {unlisted && <option value={held}>{NO_LONGER_OFFERED}</option>}
            {field.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </WideSelect>
        )}
      </Labelled>
    );
  }
  const input = INPUT_TYPES[field.field_type] ?? { type: 'text' };
  return (
    <Labelled label={field.label} hint={isPhone(field) ? PHONE_HINT : undefined} errors={errors}>
      {(control) => <WideInput {...control} {...input} value={values[0] ?? ''} onChange={(event) => onChange(textValues(event.target.value))} />}
    </Labelled>
  );
}

function MultipleChoice({ field, values, errors, onChange }: FieldValueControlProps) {
  const errorId = useId();
  const unlisted = values.filter((value) => !field.options.some((option) => option.id === value));
  const choices = [...field.options, ...unlisted.map((id) => ({ id, label: NO_LONGER_OFFERED }))];
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...values, id] : values.filter((value) => value !== id));
  return (
    <Fieldset aria-describedby={errors.length > 0 ? errorId : undefined}>
      <legend>{field.label}</legend>
      {choices.length === 0 && <Hint>The customer group offers no options of this field.</Hint>}
      {choices.map((option) => (
        <CheckboxField key={option.id} label={option.label} checked={values.includes(option.id)} onChange={(checked) => toggle(option.id, checked)} />
      ))}
      <GroupErrors id={errorId} messages={errors} />
    </Fieldset>
  );
}

const WideInput = styled(Input)`
  max-width: 32rem;
`;

const WideSelect = styled(Select)`
  max-width: 32rem;
`;
