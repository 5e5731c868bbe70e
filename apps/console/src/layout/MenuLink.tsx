import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { isIncidentMenuItem, type MenuItem } from '@beacon/contracts';
import { menuItemStyles, type MenuItemStyleProps } from './menu-styles';

interface MenuLinkProps {
  item: MenuItem;
  active: boolean;
  onSelect: () => void;
}

/** A menu item without children: a link, marked as the current page when it is the active item. */
export function MenuLink({ item, active, onSelect }: MenuLinkProps) {
  return (
    <li>
      <ItemLink to={item.path ?? '/'} aria-current={active ? 'page' : undefined} onClick={onSelect} $incident={isIncidentMenuItem(item)}>
        {item.title}
      </ItemLink>
    </li>
  );
}

const ItemLink = styled(Link)<MenuItemStyleProps>`
  ${menuItemStyles}

  /*
   * The current page: bold on the pale highlight, marked by a bar in the highlight colour. Its text keeps the
   * text colour (or the incident colour): the (brandable) highlight on the pale highlight is below 4.5:1
   * (#1976d2 on #f0fcfd gives 4.39).
   */
  &[aria-current='page'] {
    font-weight: 600;
    color: ${({ theme, $incident }) => ($incident ? theme.colors.highlightNew : theme.colors.text)};
    background: ${({ theme }) => theme.colors.highlightPale};
    box-shadow: inset 4px 0 0 ${({ theme, $incident }) => ($incident ? theme.colors.highlightNew : theme.colors.highlight)};
  }
`;
