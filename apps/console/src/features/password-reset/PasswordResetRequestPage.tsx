import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { FormField } from '../../shared-ui/sign-in/FormField';
import { SignInFrame, SignInLinks } from '../../shared-ui/sign-in/SignInFrame';
import { SubmitButton } from '../../shared-ui/sign-in/SubmitButton';
import { useServerForm } from '../../shared-ui/sign-in/use-server-form';

/**
 * Password reset request (/login/reset). The server answers the same whether or not the email
 * belongs to a user, so the page shows its answer as it is and never says more.
 */
export function PasswordResetRequestPage() {
  const api = useApi();
  const form = useServerForm(['email'] as const);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit(
      () => api.requestPasswordReset({ email: email.trim() }),
      ({ detail }) => setSent(detail),
    );
  };

  return (
    <SignInFrame title="Reset your password">
      {sent === null ? (
        <form ref={form.formRef} onSubmit={submit} aria-label="Password reset request" aria-busy={form.submitting}>
          <Intro>Enter the email you sign in with. We will email you a link to choose a new password.</Intro>
          <FormAlert messages={form.errors.messages} />
          <FormField
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            errors={form.errors.fields.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SubmitButton disabled={form.submitting}>Send reset link</SubmitButton>
        </form>
      ) : (
        <Sent role="status">
          <p>{sent}</p>
          <p>
            If an account uses this email, the message has a link that works once and for a limited time. No email after a
            few minutes? Check your spam folder, or ask your administrator.
          </p>
        </Sent>
      )}
      <SignInLinks aria-label="Sign-in help">
        <Link to="/login">Back to login</Link>
        <Link to="/login/faq">Need help signing in?</Link>
      </SignInLinks>
    </SignInFrame>
  );
}

const Intro = styled.p`
  margin: 0 0 16px;
`;

const Sent = styled.div`
  p {
    margin: 0 0 12px;
  }

  p:first-child {
    font-weight: 600;
  }
`;
