import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { Actions } from '../../../shared-ui/labelled-controls';
import { useBuilder, useBuilderSelector } from '../builder-context';
import { nextStep, previousStep, STEP_LABELS, type MessageBuilderStep } from '../builder-steps';
import { sameJson, selectMessages, selectSaving, selectStepErrors } from '../message-builder.selectors';

interface StepFrameProps {
  step: MessageBuilderStep;
  /** What the step is for, under its heading. */
  description?: string;
  /** The error keys whose messages show next to a field of the step, not above the step. */
  fieldKeys?: readonly string[];
  children: ReactNode;
}

/**
 * A step of the builder: its heading, the server's messages about it, its fields, and Back, Next and
 * Save (the whole message is saved from any step; Enter in a field saves too).
 */
export function StepFrame({ step, description, fieldKeys = [], children }: StepFrameProps) {
  const { actor } = useBuilder();
  const titleId = useId();
  const errors = useBuilderSelector(selectStepErrors(step), sameJson);
  const messages = useBuilderSelector(selectMessages, sameJson);
  const saving = useBuilderSelector(selectSaving);
  const said = [...new Set([...(step === 'finish' ? messages : []), ...errors.filter(([key]) => !fieldKeys.includes(key)).flatMap(([, texts]) => texts)])];
  const back = previousStep(step);
  const next = nextStep(step);
  return (
    <Form
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) actor.send({ type: 'builder.save' });
      }}
    >
      <h2 id={titleId}>{STEP_LABELS[step]}</h2>
      {description && <Description>{description}</Description>}
      {said.length > 0 && (
        <Alert role="alert">
          {said.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </Alert>
      )}
      {children}
      <Actions>
        {back && (
          <SecondaryButton type="button" onClick={() => actor.send({ type: 'builder.back' })}>
            Back
          </SecondaryButton>
        )}
        {next && (
          <SecondaryButton type="button" onClick={() => actor.send({ type: 'builder.next' })}>
            Next
          </SecondaryButton>
        )}
        <PrimaryButton type="submit" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </PrimaryButton>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 64rem;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
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

/** Fields side by side where there is room. */
export const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 12px 16px;
`;

/** Checkboxes in a row that wraps. */
export const Flags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
`;
