import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SignInFrame, SignInLinks } from '../../shared-ui/sign-in/SignInFrame';

/** The server's default (LOGIN_LOCKOUT_ATTEMPTS): consecutive failed sign-ins, wrong codes included, before lock-out. */
const LOCKOUT_ATTEMPTS = 5;

/** Login help (/login/faq): what to do when signing in does not work. */
export function LoginFaqPage() {
  return (
    <SignInFrame title="Help with signing in">
      <Questions>
        <section aria-labelledby="faq-forgot">
          <h2 id="faq-forgot">I forgot my password</h2>
          <p>
            Ask for a <Link to="/login/reset">password reset link</Link> with the email you sign in with. The link in the email
            works once and for one hour; open it to choose a new password, then log in with it. A new link can be asked for at
            any time.
          </p>
        </section>
        <section aria-labelledby="faq-locked">
          <h2 id="faq-locked">My account is locked</h2>
          <p>
            After {LOCKOUT_ATTEMPTS} failed sign-in attempts in a row (wrong codes count too) the account is locked, whatever
            password is typed next. Resetting the password does not unlock it: only an administrator of your organisation can.
            Once unlocked, sign in as usual.
          </p>
        </section>
        <section aria-labelledby="faq-code">
          <h2 id="faq-code">I am asked for a code</h2>
          <p>
            Your account has two-step verification on. Open the authenticator app you set it up with and enter the 6-digit code
            it shows; codes change every 30 seconds, so use the current one. You have 5 minutes after your password to enter
            it, or you sign in again. Lost the app or phone? Contact your administrator.
          </p>
        </section>
        <section aria-labelledby="faq-contact">
          <h2 id="faq-contact">Still cannot sign in?</h2>
          <p>
            Contact your administrator: they can unlock your account, check the email address your account uses and tell you
            the address of your organisation’s own login page if it has one.
          </p>
        </section>
      </Questions>
      <SignInLinks aria-label="Sign-in help">
        <Link to="/login">Back to login</Link>
      </SignInLinks>
    </SignInFrame>
  );
}

const Questions = styled.div`
  display: grid;
  gap: 16px;

  h2 {
    margin: 0 0 4px;
    font-size: 1.0625rem;
  }

  p {
    margin: 0;
    line-height: 1.5;
  }
`;
