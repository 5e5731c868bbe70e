import type { ReactNode } from 'react';
import type { PublicRoute, PublicRouteKey } from '@beacon/domain';
import { BrandedLoginPage } from '../../features/branded-login/BrandedLoginPage';
import { ChangePasswordPage } from '../../features/change-password/ChangePasswordPage';
import { ImpersonateLoginPage } from '../../features/impersonate-login/ImpersonateLoginPage';
import { IncidentTemplatePage } from '../../features/incident-template/IncidentTemplatePage';
import { LoginSecondFactorPage } from '../../features/login-2fa/LoginSecondFactorPage';
import { LoginFaqPage } from '../../features/login-faq/LoginFaqPage';
import { LoginPage } from '../../features/login/LoginPage';
import { PasswordResetRequestPage } from '../../features/password-reset/PasswordResetRequestPage';
import { StandalonePlaceholderPage } from '../../features/placeholder/StandalonePlaceholderPage';
import { GuestOnly } from '../../features/session/components/GuestOnly';
import { RequireSignedIn } from '../../features/session/components/RequireSignedIn';
import { SetPasswordPage } from '../../features/set-password/SetPasswordPage';

/** The built pages of the public and authentication routes; the others show a placeholder. */
const PAGES: Partial<Record<PublicRouteKey, () => ReactNode>> = {
  login: () => <LoginPage />,
  brandLogin: () => <BrandedLoginPage />,
  login2fa: () => <LoginSecondFactorPage />,
  loginReset: () => <PasswordResetRequestPage />,
  loginFaq: () => <LoginFaqPage />,
  setPassword: () => <SetPasswordPage />,
  impersonateLogin: () => <ImpersonateLoginPage />,
  changePassword: () => <ChangePasswordPage />,
  incidentTemplate: () => <IncidentTemplatePage />,
};

/** A public or authentication route behind its access rule. */
export function PublicRouteScreen({ route }: { route: PublicRoute<PublicRouteKey> }) {
  const page = PAGES[route.key]?.() ?? (
    <StandalonePlaceholderPage
      name={route.name}
      back={route.access === 'signedIn' ? { to: '/', label: 'Back to the Dashboard' } : { to: '/login', label: 'Go to the login page' }}
    />
  );
  if (route.access === 'guestsOnly') return <GuestOnly>{page}</GuestOnly>;
  if (route.access === 'signedIn') return <RequireSignedIn>{page}</RequireSignedIn>;
  return page;
}
