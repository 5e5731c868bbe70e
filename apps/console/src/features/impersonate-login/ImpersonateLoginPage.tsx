import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { formErrors, SERVER_ERROR_TEXT } from '../../api/api-error';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { SignInFrame, SignInLinks } from '../../shared-ui/sign-in/SignInFrame';
import { SessionContext } from '../../session/session-context';
import { selectLoginError, selectSessionKey, selectStatus } from '../../session/session.selectors';

type Exchange = { step: 'exchanging' } | { step: 'signingIn'; key: string } | { step: 'failed'; messages: readonly string[] };

/**
 * Impersonated login (/impersonate_login/{token}): exchanges an admin's one-time link for a session
 * of the user, signs in with it as any login does, and opens the Dashboard.
 */
export function ImpersonateLoginPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const session = SessionContext.useActorRef();
  const status = SessionContext.useSelector(selectStatus);
  const sessionKey = SessionContext.useSelector(selectSessionKey);
  const sessionError = SessionContext.useSelector(selectLoginError);
  const [exchange, setExchange] = useState<Exchange>({ step: 'exchanging' });
  const started = useRef(false);

  useEffect(() => {
    // The link works once, so a second run of this effect (React's strict mode) must not spend it again.
    if (started.current) return;
    started.current = true;
    api.logInAsImpersonated(token).then(
      ({ key }) => {
        setExchange({ step: 'signingIn', key });
        session.send({ type: 'session.loginWithToken', key });
      },
      (error: unknown) => setExchange({ step: 'failed', messages: formErrors(error, []).messages }),
    );
  }, [api, session, token]);

  if (exchange.step === 'signingIn' && status === 'signedIn' && sessionKey === exchange.key) return <Navigate to="/" replace />;
  const failure =
    exchange.step === 'failed'
      ? exchange.messages
      : exchange.step === 'signingIn' && status === 'signedOut'
        ? [sessionError ?? SERVER_ERROR_TEXT]
        : null;

  if (failure) {
    return (
      <SignInFrame title="Impersonated login failed">
        <FormAlert messages={failure} />
        <p>Ask the administrator for a new link: each one works once and only for a short time.</p>
        <SignInLinks aria-label="Sign-in help">
          <Link to="/login">Go to the login page</Link>
        </SignInLinks>
      </SignInFrame>
    );
  }
  return (
    <SignInFrame title="Impersonated login">
      <p role="status">Signing you in…</p>
    </SignInFrame>
  );
}
