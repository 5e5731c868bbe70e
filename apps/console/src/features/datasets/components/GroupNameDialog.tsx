import { CUSTOMER_GROUP_NAME_MAX_LENGTH } from '@beacon/domain';
import { useId, type FormEvent } from 'react';
import styled from 'styled-components';
import { ModalDialog } from '../../../shared-ui/ModalDialog';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { Input } from '../../../shared-ui/form-controls';

interface GroupNameDialogProps {
  title: string;
  /** The save button's text. */
  buttonText: string;
  name: string;
  /** The name's own errors as typed and the server's about the last save. */
  errors: readonly string[];
  saving: boolean;
  /** Closing: the dialog animates out and takes no more input. */
  closing: boolean;
  animationMs: number;
  onChange: (name: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The single-input dialog for a customer group's name (create and rename). Unlike the app's
 * generic one it stays open while the name is saved, checks the name as the user types and shows
 * the server's messages about it under the input.
 */
export function GroupNameDialog({ title, buttonText, name, errors, saving, closing, animationMs, onChange, onSave, onCancel }: GroupNameDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };
  return (
    <ModalDialog labelledBy={titleId} closing={closing} animationMs={animationMs} onCancel={onCancel}>
      <form onSubmit={submit} noValidate>
        <Title id={titleId}>{title}</Title>
        <Label htmlFor={inputId}>Name</Label>
        <NameInput
          id={inputId}
          value={name}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={[hintId, errors.length > 0 ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
          readOnly={saving}
          data-autofocus
        />
        <Hint id={hintId}>At most {CUSTOMER_GROUP_NAME_MAX_LENGTH} characters.</Hint>
        {/* Always there, so a screen reader announces a message as it appears. */}
        <Errors id={errorId} aria-live="polite">
          {errors.map((error) => (
            <span key={error}>{error}</span>
          ))}
        </Errors>
        <Actions>
          <SecondaryButton type="button" disabled={saving} onClick={onCancel}>
            Cancel
          </SecondaryButton>
          <PrimaryButton type="submit" aria-disabled={saving}>
            {saving ? 'Saving…' : buttonText}
          </PrimaryButton>
        </Actions>
      </form>
    </ModalDialog>
  );
}

const Title = styled.h2`
  margin: 0 0 16px;
  font-size: 1.25rem;
  font-weight: 600;
`;

const Label = styled.label`
  display: block;
  margin-bottom: 6px;
  font-weight: 500;
`;

const NameInput = styled(Input)`
  width: 100%;
`;

const Hint = styled.p`
  margin: 6px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Errors = styled.p`
  display: grid;
  gap: 2px;
  margin: 6px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};

  &:empty {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 24px;
`;
