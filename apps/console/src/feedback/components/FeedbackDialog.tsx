import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ModalDialog } from '../../shared-ui/ModalDialog';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import type { AlertDialogOptions, DialogOptions, SingleInputDialogOptions } from '../feedback.types';

interface FeedbackDialogProps {
  options: DialogOptions;
  closing: boolean;
  animationMs: number;
  onAccept: (value?: string) => void;
  onDecline: () => void;
}

/** The dialog the feedback machine shows: an alert or a single input (spec "Dialog options"). */
export function FeedbackDialog({ options, ...props }: FeedbackDialogProps) {
  return options.dialogType === 'alert' ? (
    <AlertDialog options={options} {...props} />
  ) : (
    <SingleInputDialog options={options} {...props} />
  );
}

function AlertDialog({
  options,
  closing,
  animationMs,
  onAccept,
  onDecline,
}: Omit<FeedbackDialogProps, 'options'> & { options: AlertDialogOptions }) {
  const messageId = useId();
  return (
    <ModalDialog role="alertdialog" labelledBy={messageId} closing={closing} animationMs={animationMs} onCancel={onDecline}>
      <Message id={messageId}>{options.message}</Message>
      <Actions>
        {options.declineText && (
          // The least harmful answer takes focus first.
          <SecondaryButton type="button" onClick={onDecline} data-autofocus>
            {options.declineText}
          </SecondaryButton>
        )}
        <PrimaryButton type="button" onClick={() => onAccept()}>
          {options.acceptText || 'OK'}
        </PrimaryButton>
      </Actions>
    </ModalDialog>
  );
}

function SingleInputDialog({
  options,
  closing,
  animationMs,
  onAccept,
  onDecline,
}: Omit<FeedbackDialogProps, 'options'> & { options: SingleInputDialogOptions }) {
  const titleId = useId();
  const inputId = useId();
  const [value, setValue] = useState(options.value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAccept(value);
  };
  return (
    <ModalDialog labelledBy={titleId} closing={closing} animationMs={animationMs} onCancel={onDecline}>
      <form onSubmit={submit}>
        <Title id={titleId}>{options.title}</Title>
        <Label htmlFor={inputId}>{options.label}</Label>
        <Input id={inputId} value={value} onChange={(event) => setValue(event.target.value)} data-autofocus />
        <Actions>
          <SecondaryButton type="button" onClick={onDecline}>
            Cancel
          </SecondaryButton>
          <PrimaryButton type="submit">{options.buttonText || 'Save'}</PrimaryButton>
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

const Message = styled.p`
  margin: 0 0 24px;
  line-height: 1.5;
`;

const Label = styled.label`
  display: block;
  margin-bottom: 6px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Input = styled.input`
  width: 100%;
  padding: 8px 10px;
  font: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -1px;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 24px;
`;
