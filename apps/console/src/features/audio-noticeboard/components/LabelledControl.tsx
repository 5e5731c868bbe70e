import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Field } from '../../../shared-ui/form-controls';

/** What a labelled control needs to be read with its label, hint and errors. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledControlProps {
  label: string;
  hint?: string;
  errors: readonly string[];
  children: (control: ControlProps) => ReactNode;
}

/** A visible label above its control, with the hint and the errors below, read as the control's description. */
export function LabelledControl({ label, hint, errors, children }: LabelledControlProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors.length > 0 ? errorId : null].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': errors.length > 0 || undefined, 'aria-describedby': describedBy || undefined })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {errors.length > 0 && (
        <Errors id={errorId}>
          {errors.map((error) => (
            <span key={error}>{error}</span>
          ))}
        </Errors>
      )}
    </Field>
  );
}

const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Errors = styled.span`
  display: grid;
  gap: 2px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;
