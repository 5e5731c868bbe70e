import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { useSnackbar } from '../../feedback/use-feedback';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { FormField } from '../../shared-ui/sign-in/FormField';
import { SignInFrame, SignInLinks } from '../../shared-ui/sign-in/SignInFrame';
import { SubmitButton } from '../../shared-ui/sign-in/SubmitButton';
import { useServerForm } from '../../shared-ui/sign-in/use-server-form';
import { NEW_PASSWORD_HINT } from '../../shared-ui/sign-in/new-password-hint';

/** The server's words about the link itself (used, expired, superseded) come under these names. */
const LINK_FIELDS = ['uid', 'token'] as const;

/**
 * Set Password (/reset/{uid}/{token}), opened from the password reset email. A link that was used,
 * has expired or was superseded is refused by the server, and the page offers to ask for a new one.
 */
export function SetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const api = useApi();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const form = useServerForm(['new_password1', 'new_password2', ...LINK_FIELDS] as const);
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const linkProblems = LINK_FIELDS.flatMap((name) => form.errors.fields[name] ?? []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit(
      () => api.confirmPasswordReset({ uid, token, new_password1: password1, new_password2: password2 }),
      ({ detail }) => {
        snackbar.show(detail);
        void navigate('/login', { replace: true });
      },
    );
  };

  return (
    <SignInFrame title="Set your password">
      <form ref={form.formRef} onSubmit={submit} aria-label="Set password" aria-busy={form.submitting}>
        <FormAlert messages={[...linkProblems, ...form.errors.messages]}>
          {linkProblems.length > 0 && <Link to="/login/reset">Request a new reset link</Link>}
        </FormAlert>
        <FormField
          label="New password"
          hint={NEW_PASSWORD_HINT}
          type="password"
          autoComplete="new-password"
          required
          autoFocus
          errors={form.errors.fields.new_password1}
          value={password1}
          onChange={(event) => setPassword1(event.target.value)}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          errors={form.errors.fields.new_password2}
          value={password2}
          onChange={(event) => setPassword2(event.target.value)}
        />
        <SubmitButton disabled={form.submitting}>Set password</SubmitButton>
      </form>
      <SignInLinks aria-label="Sign-in help">
        <Link to="/login">Back to login</Link>
      </SignInLinks>
    </SignInFrame>
  );
}
