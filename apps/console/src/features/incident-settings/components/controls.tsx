import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import {
  Field,
  Input as SharedInput,
  Select as SharedSelect,
  TextArea as SharedTextArea,
} from '../../../shared-ui/form-controls';

export { VisuallyHidden } from '../../../shared-ui/form-controls';
export { Note } from '../../../shared-ui/page-layout';

/** What a labelled control needs to be read with its label, hint and errors. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledProps {
  label: string;
  hint?: string;
  /** The server's messages for this input. */
  errors?: readonly string[];
  children: (control: ControlProps) => ReactNode;
}

/** A visible label above its control, with the help and the errors as the control's description. */
export function Labelled({ label, hint, errors = [], children }: LabelledProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors.length > 0 ? errorId : null].filter(Boolean).join(' ');
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {children({ id, 'aria-invalid': errors.length > 0 || undefined, 'aria-describedby': describedBy || undefined })}
      {errors.length > 0 && (
        <FieldErrors id={errorId}>
          {errors.map((error) => (
            <span key={error}>{error}</span>
          ))}
        </FieldErrors>
      )}
    </FieldBox>
  );
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A checkbox with its label after it; the label is part of the click target. */
export function Checkbox({ label, checked, onChange, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <CheckboxRow>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </CheckboxRow>
  );
}

/** Messages about a whole form or list, announced at once. */
export function ErrorMessages({ messages, onDismiss }: { messages: readonly string[]; onDismiss?: () => void }) {
  if (messages.length === 0) return null;
  return (
    <Alert role="alert">
      <div>
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      {onDismiss && (
        <SecondaryButton type="button" onClick={onDismiss}>
          Dismiss
        </SecondaryButton>
      )}
    </Alert>
  );
}

/** Settings show a control that cannot be changed on the page's background. */
const unchangeable = css`
  &:disabled,
  &[readonly] {
    background: ${({ theme }) => theme.colors.background};
  }
`;

export const Input = styled(SharedInput)`
  ${unchangeable}
`;

export const Select = styled(SharedSelect)`
  ${unchangeable}
`;

export const TextArea = styled(SharedTextArea)`
  ${unchangeable}
  min-height: 80px;
`;

/** A small button for actions on one item of a list. */
export const ItemButton = styled.button`
  padding: 4px 10px;
  font: inherit;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.highlight};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }

  &:disabled {
    cursor: default;
    opacity: 0.5;
  }

  &[data-danger='true'] {
    color: ${({ theme }) => theme.colors.error};
  }
`;

/** The buttons at the end of a form. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

interface EditorActionsProps {
  /** What the submit button says, e.g. "Save" or "Add field". */
  submitText: string;
  saving: boolean;
  /** Without it the editor has no Cancel (a page of its own is left another way). */
  onCancel?: () => void;
  /** Further actions after Cancel. */
  children?: ReactNode;
}

/** An editor's submit button (Saving… while the save runs) and its Cancel. */
export function EditorActions({ submitText, saving, onCancel, children }: EditorActionsProps) {
  return (
    <Actions>
      <PrimaryButton type="submit" aria-disabled={saving || undefined}>
        {saving ? 'Saving…' : submitText}
      </PrimaryButton>
      {onCancel && (
        <SecondaryButton type="button" onClick={onCancel}>
          Cancel
        </SecondaryButton>
      )}
      {children}
    </Actions>
  );
}

interface EditorProps {
  title: string;
  /** The `data-focus-return` of the control that opened the editor: focus goes back to it when the editor closes. */
  returnFocusTo?: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/**
 * An editor (create or change) as a named form: its first input takes focus when it opens, and
 * when it closes focus goes back to the control that opened it rather than to the page's start.
 */
export function Editor({ title, returnFocusTo, onSubmit, children }: EditorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  useEffect(
    () => () => {
      if (returnFocusTo === undefined) return;
      // After the editor's place has re-rendered, and only if focus went nowhere else.
      setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target = Array.from(document.querySelectorAll<HTMLElement>('[data-focus-return]')).find(
          (element) => element.dataset.focusReturn === returnFocusTo,
        );
        target?.focus();
      }, 0);
    },
    [returnFocusTo],
  );
  return (
    <EditorBox ref={formRef} onSubmit={onSubmit} aria-label={title}>
      <h3>{title}</h3>
      {children}
    </EditorBox>
  );
}

const EditorBox = styled.form`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2,
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;

/** Inputs side by side on a wide screen, one under another on a narrow one. */
export const InputRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  align-items: start;
`;

const FieldBox = styled(Field)`
  align-content: start;
`;

const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FieldErrors = styled.span`
  display: grid;
  gap: 2px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;

const CheckboxRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  min-height: 36px;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;

const Alert = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  p {
    margin: 0;
  }
`;
