import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../app/product';
import { SessionContext } from '../../session/session-context';
import { selectEphemeralToken, selectIsSubmittingLogin, selectLoginError } from '../../session/session.selectors';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { FormField } from '../../shared-ui/sign-in/FormField';
import { SignInFrame, SignInLinks } from '../../shared-ui/sign-in/SignInFrame';
import { SubmitButton } from '../../shared-ui/sign-in/SubmitButton';

interface LoginPageProps {
  /** On a branded login page: the customer group's name and its usable logo (null for none). */
  branding?: { name: string; logo: string | null };
}

export function LoginPage({ branding }: LoginPageProps) {
  const session = SessionContext.useActorRef();
  const submitting = SessionContext.useSelector(selectIsSubmittingLogin);
  const error = SessionContext.useSelector(selectLoginError);
  const awaitingSecondFactor = SessionContext.useSelector(selectEphemeralToken) !== null;
  const location = useLocation();
  const [submitted, setSubmitted] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // Only a sign-in started here moves on to the code; coming back to this page starts afresh.
  if (submitted && awaitingSecondFactor) return <Navigate to="/login_2fa" state={location.state} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    session.send({ type: 'session.login', credentials: { email, password } });
  };

  return (
    <SignInFrame
      title={PRODUCT_NAME}
      showProduct={false}
      subtitle={branding ? `Signing in to ${branding.name}` : undefined}
      logo={branding?.logo ? <img src={branding.logo} alt={`${branding.name} logo`} /> : undefined}
    >
      <form onSubmit={submit} aria-label="Log in" aria-busy={submitting}>
        <FormAlert messages={error ? [error] : []} />
        <FormField
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton disabled={submitting}>Log in</SubmitButton>
      </form>
      <SignInLinks aria-label="Sign-in help">
        <Link to="/login/reset">Forgot your password?</Link>
        <Link to="/login/faq">Need help signing in?</Link>
      </SignInLinks>
    </SignInFrame>
  );
}
