import type { ReactNode } from 'react';
import styled from 'styled-components';

interface FormAlertProps {
  messages: readonly string[];
  /** What the user can do about it (a link to ask for a new reset link). */
  children?: ReactNode;
}

/** What went wrong with a form as a whole, announced at once, above the form's fields. */
export function FormAlert({ messages, children }: FormAlertProps) {
  if (messages.length === 0) return null;
  return (
    <Alert role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </Alert>
  );
}

const Alert = styled.div`
  display: grid;
  gap: 8px;
  margin: 0 0 16px;
  padding: 12px;
  color: ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => `${theme.colors.error}0d`};
  border-left: 3px solid ${({ theme }) => theme.colors.error};

  p {
    margin: 0;
  }

  /* The text colour, underlined: the sign-in card's highlight links on the alert's tint are below 4.5:1 (#1976d2 gives 4.18). */
  & a[href] {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
`;
