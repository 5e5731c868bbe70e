import type { MenuItem } from '@beacon/contracts';
import type { MenuStateApi } from '../navigation/use-menu-state';
import { MenuGroup } from './MenuGroup';
import { MenuLink } from './MenuLink';

interface MenuEntryProps {
  item: MenuItem;
  state: MenuStateApi;
  onNavigate: () => void;
}

/** One menu item: a group that toggles open, or a link that becomes the active item when chosen. */
export function MenuEntry({ item, state, onNavigate }: MenuEntryProps) {
  if (!item.children) {
    const select = () => {
      state.activate(item.key);
      onNavigate();
    };
    return <MenuLink item={item} active={state.activeKey === item.key} onSelect={select} />;
  }
  return (
    <MenuGroup item={item} open={state.isOpen(item.key)} onToggle={() => state.toggleGroup(item.key)}>
      {item.children.map((child) => (
        <MenuEntry key={child.key} item={child} state={state} onNavigate={onNavigate} />
      ))}
    </MenuGroup>
  );
}
