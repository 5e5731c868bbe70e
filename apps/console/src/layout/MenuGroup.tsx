import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { isIncidentMenuItem, type MenuItem } from '@beacon/contracts';
import { SubMenuList, menuItemStyles, type MenuItemStyleProps } from './menu-styles';

interface MenuGroupProps {
  item: MenuItem;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A menu item with children: a button that shows or hides them. */
export function MenuGroup({ item, open, onToggle, children }: MenuGroupProps) {
  const listId = useId();
  return (
    <li>
      <GroupButton type="button" aria-expanded={open} aria-controls={listId} onClick={onToggle} $incident={isIncidentMenuItem(item)}>
        {item.title}
      </GroupButton>
      <SubMenuList id={listId} hidden={!open}>
        {children}
      </SubMenuList>
    </li>
  );
}

const GroupButton = styled.button<MenuItemStyleProps>`
  ${menuItemStyles}
  display: flex;
  justify-content: space-between;
  font-weight: 600;

  &::after {
    content: '';
    align-self: center;
    width: 6px;
    height: 6px;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
  }

  &[aria-expanded='true']::after {
    transform: rotate(225deg);
  }
`;
