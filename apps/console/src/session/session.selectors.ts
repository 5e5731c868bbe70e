import { DEFAULT_TIMEZONE } from '@beacon/contracts';
import type { SessionSnapshot } from './machines/session.machine';

/** Narrow reads of the session, so a component re-renders only when what it shows changes. */

export type SessionStatus = 'pending' | 'signedOut' | 'signedIn';

export const selectStatus = (snapshot: SessionSnapshot): SessionStatus => {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signedOut')) return 'signedOut';
  return 'pending';
};

export const selectIsSubmittingLogin = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedOut: 'loggingIn' }) || snapshot.matches('loading');

export const selectLoginError = (snapshot: SessionSnapshot): string | null => snapshot.context.error;

/** The second-factor challenge of a sign-in waiting for its code, or null when there is none. */
export const selectEphemeralToken = (snapshot: SessionSnapshot): string | null =>
  snapshot.matches({ signedOut: 'twoFactorRequired' }) ? snapshot.context.ephemeralToken : null;

/** The key the session runs on (or is loading with); null when signed out. */
export const selectSessionKey = (snapshot: SessionSnapshot): string | null => snapshot.context.token;

export const selectUserEmail = (snapshot: SessionSnapshot): string => snapshot.context.user?.email ?? '';

export const selectTimezone = (snapshot: SessionSnapshot): string =>
  snapshot.context.user?.preferred_timezone || DEFAULT_TIMEZONE;

export const selectCustomerGroupName = (snapshot: SessionSnapshot): string =>
  snapshot.context.customerGroup?.name ?? '';

export const selectVersionNumber = (snapshot: SessionSnapshot): string => snapshot.context.versionNumber ?? '';

export const selectModuleNamePlural = (snapshot: SessionSnapshot): string => snapshot.context.moduleNamePlural;

/** The signed-in customer group, as loaded (the same object until it changes, so safe to memoise on). */
export const selectCustomerGroup = (snapshot: SessionSnapshot) => snapshot.context.customerGroup;
