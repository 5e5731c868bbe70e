import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuItem, MenuItemKey } from '@beacon/contracts';
import { activeMenuItemKey, groupsOpenFor } from './menu-location';

interface MenuState {
  readonly pathname: string;
  readonly activeKey: MenuItemKey | undefined;
  readonly openGroups: ReadonlySet<MenuItemKey>;
}

export interface MenuStateApi {
  readonly activeKey: MenuItemKey | undefined;
  readonly isOpen: (group: MenuItemKey) => boolean;
  readonly toggleGroup: (group: MenuItemKey) => void;
  readonly activate: (item: MenuItemKey) => void;
}

/**
 * Open groups and the active item of the sidebar. Each new path makes its item active (a path with
 * no item keeps the previous one) and opens its section; groups the user opened stay open.
 */
export function useMenuState(menu: readonly MenuItem[]): MenuStateApi {
  const { pathname } = useLocation();
  const [state, setState] = useState<MenuState>(() => follow({ pathname, activeKey: undefined, openGroups: new Set() }, menu, pathname));
  if (state.pathname !== pathname) setState(follow(state, menu, pathname));

  const toggleGroup = useCallback((group: MenuItemKey) => setState((current) => ({ ...current, openGroups: toggled(current.openGroups, group) })), []);
  const activate = useCallback((item: MenuItemKey) => setState((current) => ({ ...current, activeKey: item })), []);
  const isOpen = useCallback((group: MenuItemKey) => state.openGroups.has(group), [state.openGroups]);
  return { activeKey: state.activeKey, isOpen, toggleGroup, activate };
}

function follow(state: MenuState, menu: readonly MenuItem[], pathname: string): MenuState {
  const activeKey = activeMenuItemKey(menu, pathname) ?? state.activeKey;
  return { pathname, activeKey, openGroups: new Set([...state.openGroups, ...groupsOpenFor(menu, pathname, activeKey)]) };
}

function toggled(groups: ReadonlySet<MenuItemKey>, group: MenuItemKey): ReadonlySet<MenuItemKey> {
  const next = new Set(groups);
  if (!next.delete(group)) next.add(group);
  return next;
}
