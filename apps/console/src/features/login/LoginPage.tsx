import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../app/product';
import { SessionContext } from '../session/session-context';
import { selectIsSubmittingLogin, selectLoginError } from '../session/session.selectors';

export function LoginPage() {
  const session = SessionContext.useActorRef();
  const submitting = SessionContext.useSelector(selectIsSubmittingLogin);
  const error = SessionContext.useSelector(selectLoginError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    session.send({ type: 'session.login', credentials: { email, password } });
  };

  return (
    <Page>
      <Card as="main">
        <Title>{PRODUCT_NAME}</Title>
        <form onSubmit={submit} aria-label="Log in" aria-busy={submitting}>
          <Field>
            <label htmlFor="login-email">Email</label>
            <Input
              id="login-email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Field>
            <label htmlFor="login-password">Password</label>
            <Input
              id="login-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          {error && <ErrorText role="alert">{error}</ErrorText>}
          <SubmitButton type="submit" disabled={submitting}>
            Log in
          </SubmitButton>
        </form>
      </Card>
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: 16px;
`;

const Card = styled.div`
  width: 100%;
  max-width: 380px;
  padding: 32px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Title = styled.h1`
  margin: 0 0 24px;
  font-size: 1.5rem;
  color: ${({ theme }) => theme.colors.highlight};
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 16px;
`;

const Input = styled.input`
  padding: 10px 12px;
  font: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }
`;

const ErrorText = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.error};
`;

const SubmitButton = styled.button`
  width: 100%;
  padding: 10px 12px;
  font: inherit;
  color: #fff;
  background: ${({ theme }) => theme.colors.highlight};
  border: none;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;
