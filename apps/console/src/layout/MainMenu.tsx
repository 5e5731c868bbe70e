import { useMemo } from 'react';
import { visibleMenu } from '@beacon/contracts';
import { useAccessSubject } from '../navigation/access-subject-context';
import { useMenuState } from '../navigation/use-menu-state';
import { useModuleNames } from '../navigation/use-module-names';
import { MenuEntry } from './MenuEntry';
import { MenuList } from './menu-styles';

/** The sidebar menu, filtered by the shared menu rules, with the group's module names. */
export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const subject = useAccessSubject();
  const moduleNames = useModuleNames();
  const menu = useMemo(() => visibleMenu(subject, moduleNames), [subject, moduleNames]);
  const state = useMenuState(menu);
  return (
    <nav aria-label="Main menu">
      <MenuList>
        {menu.map((item) => (
          <MenuEntry key={item.key} item={item} state={state} onNavigate={onNavigate} />
        ))}
      </MenuList>
    </nav>
  );
}
