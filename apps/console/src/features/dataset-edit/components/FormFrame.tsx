import { useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import type { FormControls } from '../use-form';
import { SaveButton } from './form-parts';

interface FormFrameProps<V extends object, O> {
  title: string;
  /** What the form is about, under its title. */
  description?: string;
  form: FormControls<V, O>;
  /** The form's fields, once its values are loaded. */
  children: (values: V, options: O) => ReactNode;
}

export const CANNOT_SAVE_TEXT = 'Some settings cannot be saved as they are. Correct the fields marked below.';

/** A form of the edit screens: loading, a failed load with Try again, or the form with its messages and Save. */
export function FormFrame<V extends object, O>({ title, description, form, children }: FormFrameProps<V, O>) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { snapshot, values, options } = form;
  const messages = form.blocked ? [CANNOT_SAVE_TEXT, ...snapshot.context.messages] : snapshot.context.messages;
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {description && <Note>{description}</Note>}
      {snapshot.matches('loading') && <Note role="status">Loading…</Note>}
      {snapshot.context.loadError !== null && <LoadFailure text={snapshot.context.loadError} onRetry={form.retry} />}
      {values !== null && (
        <Form
          ref={formRef}
          aria-labelledby={titleId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (form.saving) return;
            form.save();
            // A save the rules refuse: the keyboard goes to the first field that says why.
            if (form.invalid) setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
          }}
        >
          {messages.length > 0 && (
            <Alert role="alert">
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Alert>
          )}
          {children(values, options)}
          <SaveButton saving={form.saving} />
        </Form>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
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
