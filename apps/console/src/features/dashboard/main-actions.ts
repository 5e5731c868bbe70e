import type { CustomerPermission } from '@beacon/domain';
import type { MenuItem, MenuItemKey } from '@beacon/contracts';
import { menuLinks } from '../../navigation/menu-location';

/** The actions each role mostly comes for, in the order the dashboard offers them. */
const MAIN_ACTIONS: Record<CustomerPermission, readonly MenuItemKey[]> = {
  ADMIN: ['sendMessage', 'messageReports', 'startIncident', 'manageUsers', 'manageDatasets', 'activityLog'],
  OPERATOR: ['createMessage', 'sendMessage', 'startIncident', 'messageCalendar', 'messageReports', 'mediaLibrary'],
  SENDER: ['sendMessage', 'startIncident', 'messageCalendar', 'messageReports'],
  CONTACT: ['mediaLibrary', 'contactSupport'],
  DATA: ['manageUsers', 'mediaLibrary', 'helpAndSupport'],
};

/** The role's main actions that its menu shows (so none leads to a failed guard), with their menu titles. */
export function mainActions(role: CustomerPermission, menu: readonly MenuItem[]): MenuItem[] {
  const shown = new Map(menuLinks(menu).map((item) => [item.key, item]));
  return MAIN_ACTIONS[role].flatMap((key) => shown.get(key) ?? []);
}
