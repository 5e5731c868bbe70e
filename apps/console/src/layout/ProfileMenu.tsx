import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { showProfileEntry } from '@beacon/contracts';
import { useAccessSubject } from '../navigation/access-subject-context';
import { selectUserDisplayName } from '../navigation/navigation.selectors';
import { useLogout } from '../navigation/use-logout';
import { SessionContext } from '../session/session-context';
import { useMenuButton } from './use-menu-button';

/** The header's profile menu: Profile (per the spec's rule), Change password, Logout. */
export function ProfileMenu() {
  const subject = useAccessSubject();
  const displayName = SessionContext.useSelector(selectUserDisplayName);
  const logOut = useLogout();
  const menu = useMenuButton();
  const buttonId = useId();
  const menuId = useId();
  return (
    <Anchor>
      <Trigger
        ref={menu.buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menuId : undefined}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        {displayName}
      </Trigger>
      {menu.open && (
        <Menu ref={menu.menuRef} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={menu.onMenuKeyDown}>
          {showProfileEntry(subject) && (
            <li role="none">
              <ItemLink role="menuitem" tabIndex={-1} to={`/users/${encodeURIComponent(subject.userId)}/edit`} onClick={menu.dismiss}>
                Profile
              </ItemLink>
            </li>
          )}
          <li role="none">
            <ItemLink role="menuitem" tabIndex={-1} to="/change_password" onClick={menu.dismiss}>
              Change password
            </ItemLink>
          </li>
          <li role="none">
            <ItemButton
              role="menuitem"
              tabIndex={-1}
              type="button"
              onClick={() => {
                menu.dismiss();
                logOut();
              }}
            >
              Logout
            </ItemButton>
          </li>
        </Menu>
      )}
    </Anchor>
  );
}

const Anchor = styled.div`
  position: relative;
  margin-left: auto;
`;

const Trigger = styled.button`
  padding: 6px 12px;
  font: inherit;
  color: ${({ theme }) => theme.colors.headerIcons};
  background: none;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.headerIcons};
    outline-offset: 2px;
  }
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  z-index: 10;
  min-width: 200px;
  margin: 4px 0 0;
  padding: 4px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
  box-shadow: 0 4px 16px rgb(0 0 0 / 12%);
`;

const itemStyles = css`
  display: block;
  width: 100%;
  padding: 8px 16px;
  font: inherit;
  text-align: left;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  background: none;
  border: none;
  cursor: pointer;

  &:hover,
  &:focus {
    outline: none;
    background: ${({ theme }) => theme.colors.highlightPale};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -2px;
  }
`;

const ItemLink = styled(Link)`
  ${itemStyles}
`;

const ItemButton = styled.button`
  ${itemStyles}
`;
