import { ROOT_PERMISSIONS, type CustomerPermission, type RootPermission } from '@beacon/domain';
import { useLocation } from 'react-router-dom';
import type { ApiClient } from '../api/api-client';
import { AppRoutes } from '../app/AppRoutes';
import type { LoadedSession } from '../session/machines/session.machine';
import { renderWithSession } from './render-with-session';
import { aLoadedSession, stubbedSessionLogic, type SessionStubs } from './session-fixtures';

/** As the demo tenant's root group holds them (apps/command-api/src/seed/demo-tenant.ts). */
export const DEMO_ROOT_PERMISSIONS: readonly RootPermission[] = ROOT_PERMISSIONS.filter((p) => p !== 'Show Incident Manager dashboard only');

export const DEMO_NAMES: Record<CustomerPermission, string> = { ADMIN: 'Ada', OPERATOR: 'Olu', SENDER: 'Sam', CONTACT: 'Cleo', DATA: 'Dara' };

export interface SessionAs {
  rootPermissions?: readonly string[];
  /** The group's settings JSON as an object. */
  settings?: { send_verification_email?: boolean; noticeboard_numbers?: string[] };
  isTemporary?: boolean;
  brandLogo?: string;
  brandLoginUrl?: string;
}

/** A loaded session of a demo user of the given role, in a group with the demo root permissions unless told otherwise. */
export function aSessionAs(role: CustomerPermission, options: SessionAs = {}): LoadedSession {
  return {
    ...aLoadedSession,
    user: {
      ...aLoadedSession.user,
      id: 'user-1',
      email: `${role.toLowerCase()}@demo.test`,
      first_name: DEMO_NAMES[role],
      last_name: 'Demo',
      customer_permission: role,
      is_temporary: options.isTemporary ?? false,
    },
    customerGroup: {
      ...aLoadedSession.customerGroup,
      name: 'Demo Organisation',
      settings: JSON.stringify(options.settings ?? { send_verification_email: false, noticeboard_numbers: [] }),
      brand_logo: options.brandLogo ?? '',
      brand_login_url: options.brandLoginUrl ?? '',
      root_customer_group_permissions: [...(options.rootPermissions ?? DEMO_ROOT_PERMISSIONS)],
    },
    incidentModuleSettings: { module_name: 'Incident', module_name_plural: 'Incidents' },
  };
}

/** Shows where the router is, for tests that follow a navigation. */
export function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

/** Renders the whole console at a path, signed in with the given session. */
export function renderConsoleAs(session: LoadedSession, path: string, stubs: SessionStubs = {}, api?: ApiClient) {
  return renderWithSession(
    <>
      <AppRoutes />
      <CurrentPath />
    </>,
    { logic: stubbedSessionLogic({ loadSession: async () => session, ...stubs }), storedToken: 'token-1', path, api },
  );
}
