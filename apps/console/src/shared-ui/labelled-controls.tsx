import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { PrimaryButton } from './buttons';
import { Field } from './form-controls';

/** What a labelled control needs to be read with its label, hint and errors. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledProps {
  label: ReactNode;
  hint?: string;
  errors?: readonly string[];
  children: (control: ControlProps) => ReactNode;
}

/** A visible label above its control, with the hint and the errors read as the control's description. */
export function Labelled({ label, hint, errors = [], children }: LabelledProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors.length > 0 ? errorId : null].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': errors.length > 0 || undefined, 'aria-describedby': describedBy || undefined })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <ErrorList id={errorId} messages={errors} />
    </Field>
  );
}

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  errors?: readonly string[];
  disabled?: boolean;
}

/** A checkbox with its label after it (part of the click target), its hint and errors as its description. */
export function CheckboxField({ label, checked, onChange, hint, errors = [], disabled }: CheckboxFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, errors.length > 0 ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <CheckboxRow>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </CheckboxRow>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      <ErrorList id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** A group's messages under its legend (a group of checkboxes, a list). */
export function GroupErrors({ id, messages }: { id: string; messages: readonly string[] }) {
  return <ErrorList id={id} messages={messages} />;
}

function ErrorList({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Errors id={id}>
      {messages.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </Errors>
  );
}

/** The form's Save, which says Saving… while the save runs (and stays focusable). */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <Actions>
      <PrimaryButton type="submit" aria-disabled={saving || undefined}>
        {saving ? 'Saving…' : 'Save'}
      </PrimaryButton>
    </Actions>
  );
}

/** Related settings under their legend. */
export const Fieldset = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 12px 16px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  > legend {
    padding: 0 4px;
    font-weight: 600;
  }
`;

export const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Errors = styled.span`
  display: grid;
  gap: 2px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;

export const CheckboxRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;
