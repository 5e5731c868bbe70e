import styled, { css } from 'styled-components';

export const MenuList = styled.ul`
  margin: 0;
  padding: 8px 0;
  list-style: none;
`;

export const SubMenuList = styled(MenuList)`
  padding: 0 0 4px 12px;

  &[hidden] {
    display: none;
  }
`;

/** Incident items (ids 3, 301–303) take the incident highlight colour instead of the highlight. */
export interface MenuItemStyleProps {
  $incident: boolean;
}

export const menuItemStyles = css<MenuItemStyleProps>`
  display: block;
  width: 100%;
  padding: 10px 16px;
  font: inherit;
  text-align: left;
  color: ${({ theme, $incident }) => ($incident ? theme.colors.highlightNew : 'inherit')};
  text-decoration: none;
  background: none;
  border: none;
  border-radius: 0;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme, $incident }) => ($incident ? theme.colors.highlightNew : theme.colors.highlight)};
    outline-offset: -2px;
  }
`;
