import type { AccessSubject } from '@beacon/domain';
import { logoutDestination, type ModuleNames } from '@beacon/contracts';
import type { SessionSnapshot } from '../session/machines/session.machine';
import { readGroupAccessSettings } from './group-settings';

/**
 * What the shell's access rules need from the session. Selectors that build objects come with an
 * equality, so a component re-renders only when a value it uses changes.
 */

/** The subject of the shared access rules, or null while no user and group are loaded. */
export const selectAccessSubject = (snapshot: SessionSnapshot): AccessSubject | null => {
  const { user, customerGroup } = snapshot.context;
  if (!user || !customerGroup) return null;
  const settings = readGroupAccessSettings(customerGroup.settings);
  return {
    customerPermission: user.customer_permission,
    isTemporary: user.is_temporary,
    rootPermissions: customerGroup.root_customer_group_permissions,
    hasNoticeboardNumbers: settings.hasNoticeboardNumbers,
    sendVerificationEmail: settings.sendVerificationEmail,
    userId: user.id,
  };
};

export function sameAccessSubject(a: AccessSubject | null, b: AccessSubject | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.customerPermission === b.customerPermission &&
    a.isTemporary === b.isTemporary &&
    a.hasNoticeboardNumbers === b.hasNoticeboardNumbers &&
    a.sendVerificationEmail === b.sendVerificationEmail &&
    a.userId === b.userId &&
    a.rootPermissions.length === b.rootPermissions.length &&
    a.rootPermissions.every((permission, index) => permission === b.rootPermissions[index])
  );
}

export const selectModuleNames = (snapshot: SessionSnapshot): ModuleNames => ({
  singular: snapshot.context.moduleName,
  plural: snapshot.context.moduleNamePlural,
});

export const sameModuleNames = (a: ModuleNames, b: ModuleNames): boolean => a.singular === b.singular && a.plural === b.plural;

/** A full path under /ui: the brand login page with "Custom dashboard branding", else the login page. */
export const selectLogoutDestination = (snapshot: SessionSnapshot): string => {
  const group = snapshot.context.customerGroup;
  return logoutDestination(group?.root_customer_group_permissions ?? [], group?.brand_login_url);
};

export const selectBrandLogo = (snapshot: SessionSnapshot): string => snapshot.context.customerGroup?.brand_logo ?? '';

export const selectUserDisplayName = (snapshot: SessionSnapshot): string => {
  const user = snapshot.context.user;
  if (!user) return '';
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
};
