import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  /** A short help text under the label. */
  hint?: string;
  /** The server's messages for this field. */
  errors?: readonly string[];
}

/**
 * A labelled input with its help and its errors under it. Both are the input's description, and an
 * error marks it invalid, so a screen reader reads them with the field.
 */
export function FormField({ label, hint, errors = [], ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors.length > 0 ? errorId : null].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Input id={id} aria-invalid={errors.length > 0 || undefined} aria-describedby={describedBy || undefined} {...input} />
      {errors.length > 0 && (
        <FieldErrors id={errorId}>
          {errors.map((error) => (
            <span key={error}>{error}</span>
          ))}
        </FieldErrors>
      )}
    </Field>
  );
}

const Field = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 16px;
`;

const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Input = styled.input`
  padding: 10px 12px;
  font: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }
`;

const FieldErrors = styled.span`
  display: grid;
  gap: 2px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;
