import { pathSegments, type MenuItem, type MenuItemKey } from '@beacon/contracts';

/**
 * Where the current path sits in the menu (spec: "The active item is found by matching the current
 * path, and a group opens when the path contains its url name").
 */

/** The url name of each menu group: a path whose first segment starts with it opens the group. */
const GROUP_URL_NAMES: Partial<Record<MenuItemKey, string>> = {
  messages: 'message',
  incidents: 'incidents',
  manageIntegrations: 'integration',
};

/** Every item that links somewhere (no groups), in menu order. */
export function menuLinks(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => (item.children ? menuLinks(item.children) : item.path === undefined ? [] : [item]));
}

/**
 * The item whose path is the longest whole-segment prefix of the current path, so
 * /message/calendar/schedule_message keeps Message Calendar active. Dashboard ("/") matches only
 * itself. Undefined when no item matches (the caller keeps the previous active item).
 */
export function activeMenuItemKey(menu: readonly MenuItem[], pathname: string): MenuItemKey | undefined {
  const current = pathSegments(pathname);
  let best: { key: MenuItemKey; length: number } | undefined;
  for (const item of menuLinks(menu)) {
    const own = pathSegments(item.path ?? '');
    const matches = own.length === 0 ? current.length === 0 : own.every((segment, index) => current[index] === segment);
    if (matches && (!best || own.length > best.length)) best = { key: item.key, length: own.length };
  }
  return best?.key;
}

/** Groups to open for the path: by url name, and the group holding the active item. */
export function groupsOpenFor(menu: readonly MenuItem[], pathname: string, activeKey: MenuItemKey | undefined): MenuItemKey[] {
  const first = pathSegments(pathname)[0] ?? '';
  return menu
    .filter((item) => item.children !== undefined)
    .filter((group) => {
      const urlName = GROUP_URL_NAMES[group.key];
      return (urlName !== undefined && first.startsWith(urlName)) || group.children?.some((child) => child.key === activeKey);
    })
    .map((group) => group.key);
}
