import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { PrimaryButton } from '../../shared-ui/buttons';
import { useSnackbar } from '../../feedback/use-feedback';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { FormField } from '../../shared-ui/sign-in/FormField';
import { useServerForm } from '../../shared-ui/sign-in/use-server-form';
import { NEW_PASSWORD_HINT } from '../../shared-ui/sign-in/new-password-hint';

const EMPTY = { old_password: '', new_password1: '', new_password2: '' };

/** Change password (/change_password, signed in): the current password, then the new one twice. */
export function ChangePasswordPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const form = useServerForm(['old_password', 'new_password1', 'new_password2'] as const);
  const [values, setValues] = useState(EMPTY);
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    errors: form.errors.fields[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit(
      () => api.changePassword(values),
      ({ detail }) => {
        setValues(EMPTY);
        snackbar.show(detail);
      },
    );
  };

  return (
    <Page aria-labelledby="change-password-title">
      <h1 id="change-password-title">Change password</h1>
      <Intro>Your other sign-ins end when the password changes; this one stays signed in.</Intro>
      <form ref={form.formRef} onSubmit={submit} aria-label="Change password" aria-busy={form.submitting}>
        <FormAlert messages={form.errors.messages} />
        <FormField label="Current password" type="password" autoComplete="current-password" required autoFocus {...field('old_password')} />
        <FormField label="New password" hint={NEW_PASSWORD_HINT} type="password" autoComplete="new-password" required {...field('new_password1')} />
        <FormField label="Confirm new password" type="password" autoComplete="new-password" required {...field('new_password2')} />
        <PrimaryButton type="submit" disabled={form.submitting}>
          Change password
        </PrimaryButton>
      </form>
    </Page>
  );
}

const Page = styled.section`
  max-width: 480px;

  h1 {
    margin: 0 0 8px;
  }
`;

const Intro = styled.p`
  margin: 0 0 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
