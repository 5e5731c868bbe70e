import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { FormField } from '../../shared-ui/sign-in/FormField';
import { SignInFrame, SignInLinks } from '../../shared-ui/sign-in/SignInFrame';
import { SubmitButton } from '../../shared-ui/sign-in/SubmitButton';
import { useServerForm } from '../../shared-ui/sign-in/use-server-form';
import { GuestOnly } from '../../session/components/GuestOnly';
import { SessionContext } from '../../session/session-context';
import { selectEphemeralToken, selectStatus } from '../../session/session.selectors';

const CODE_PATTERN = /^\d{6}$/;
const CODE_FORMAT_MESSAGE = 'Enter the 6 digits your authenticator app shows.';

/**
 * Second-factor login (/login_2fa): the code of the user's authenticator app completes the sign-in
 * the login page started. Without a sign-in waiting for its code (a reload forgets it) the user
 * goes back to the login page; once signed in, on to where they were headed.
 */
export function LoginSecondFactorPage() {
  return (
    <GuestOnly>
      <SecondFactorForm />
    </GuestOnly>
  );
}

function SecondFactorForm() {
  const api = useApi();
  const session = SessionContext.useActorRef();
  const ephemeralToken = SessionContext.useSelector(selectEphemeralToken);
  const status = SessionContext.useSelector(selectStatus);
  const location = useLocation();
  const form = useServerForm(['code'] as const);
  const [code, setCode] = useState('');
  const [formatProblem, setFormatProblem] = useState(false);

  if (status === 'signedOut' && ephemeralToken === null && !form.submitting) {
    return <Navigate to="/login" replace state={location.state} />;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    setFormatProblem(!CODE_PATTERN.test(digits));
    if (!CODE_PATTERN.test(digits) || ephemeralToken === null) return;
    form.submit(
      () => api.logInWithSecondFactor({ ephemeral_token: ephemeralToken, code: digits }),
      ({ key }) => session.send({ type: 'session.loginWithToken', key }),
    );
  };

  const busy = form.submitting || status === 'pending';
  return (
    <SignInFrame title="Enter your code">
      <form ref={form.formRef} onSubmit={submit} aria-label="Second-factor login" aria-busy={busy}>
        <FormAlert messages={form.errors.messages} />
        <FormField
          label="Authentication code"
          hint="Open your authenticator app and enter the 6-digit code it shows now."
          errors={formatProblem ? [CODE_FORMAT_MESSAGE] : form.errors.fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <SubmitButton disabled={busy}>Sign in</SubmitButton>
      </form>
      <SignInLinks aria-label="Sign-in help">
        <Link to="/login" state={location.state}>
          Back to login
        </Link>
        <Link to="/login/faq">Need help signing in?</Link>
      </SignInLinks>
    </SignInFrame>
  );
}
