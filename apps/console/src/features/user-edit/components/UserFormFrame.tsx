import { useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { SaveButton } from '../../../shared-ui/labelled-controls';
import { Note } from '../../../shared-ui/page-layout';
import type { UserFormControls } from '../use-user-form';

export const CANNOT_SAVE_TEXT = 'Some values cannot be saved as they are. Correct the fields marked below.';

interface UserFormFrameProps<V extends object> {
  title: string;
  /** What the form is about, under its title. */
  description?: string;
  form: UserFormControls<V>;
  /** The viewer may not change the user: the fields show, disabled, without Save. */
  readOnly: boolean;
  children: ReactNode;
}

/** A tab's form: its messages, its fields and Save. */
export function UserFormFrame<V extends object>({ title, description, form, readOnly, children }: UserFormFrameProps<V>) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { messages: serverMessages } = form.snapshot.context;
  const messages = form.blocked ? [CANNOT_SAVE_TEXT, ...serverMessages] : serverMessages;
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {description && <Note>{description}</Note>}
      <Form
        ref={formRef}
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.saving || readOnly) return;
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
        <Fields disabled={readOnly}>{children}</Fields>
        {!readOnly && <SaveButton saving={form.saving} />}
      </Form>
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

/* Only a frame for disabling every field at once: no border, no legend. */
const Fields = styled.fieldset`
  display: grid;
  gap: 16px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
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
