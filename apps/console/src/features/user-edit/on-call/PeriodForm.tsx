import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import type { PeriodTimesText } from '../../../formatting/on-call-times';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Actions, SaveButton } from '../../../shared-ui/labelled-controls';
import { OnCallTimeField } from '../../../shared-ui/on-call/OnCallTimeField';
import { visiblePeriodErrors, type PeriodEditor } from './machines/user-on-call.machine';

interface PeriodFormProps {
  editor: PeriodEditor;
  timeZone: string;
  saving: boolean;
  onChange: (patch: Partial<PeriodTimesText>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * Adding or changing a period: its start and end typed as DD/MM/YYYY HH:mm:ss in the user's time
 * zone, checked as typed; the server's refusal under the field it is about, or above the fields when it
 * is about the period (an overlap). The keyboard starts in Start; Escape cancels.
 */
export function PeriodForm({ editor, timeZone, saving, onChange, onSubmit, onCancel }: PeriodFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const startRef = useRef<HTMLInputElement>(null);
  const errors = visiblePeriodErrors(editor, timeZone);
  const adding = editor.periodId === null;

  useEffect(() => startRef.current?.focus(), [editor.periodId]);

  return (
    <Form
      ref={formRef}
      aria-labelledby={titleId}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) onCancel();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (saving) return;
        onSubmit();
        // A save the rules refuse: the keyboard goes to the first field that says why.
        setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      }}
    >
      <h3 id={titleId}>{adding ? 'Add an on-call period' : 'Change the on-call period'}</h3>
      {editor.messages.length > 0 && (
        <Alert role="alert">
          {editor.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      )}
      <Times>
        <OnCallTimeField
          label="Start"
          timeZone={timeZone}
          value={editor.text.start_date}
          errors={errors.start_date ?? []}
          onChange={(text) => onChange({ start_date: text })}
          inputRef={startRef}
        />
        <OnCallTimeField label="End" timeZone={timeZone} value={editor.text.end_date} errors={errors.end_date ?? []} onChange={(text) => onChange({ end_date: text })} />
      </Times>
      <Actions>
        <SaveButton saving={saving} />
        <SecondaryButton type="button" disabled={saving} onClick={onCancel}>
          Cancel
        </SecondaryButton>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Times = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;

  > * {
    flex: 1 1 16rem;
  }
`;

const Alert = styled.div`
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  p {
    margin: 0;
  }
`;
