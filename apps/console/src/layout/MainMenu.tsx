import { NavLink } from 'react-router';
import styled from 'styled-components';
import { SessionContext } from '../features/session/session-context';
import { selectModuleNamePlural } from '../features/session/session.selectors';

/**
 * The first slice of the sidebar menu: Dashboard and the incidents section under the group's own
 * module name. The permission-filtered items of spec section 6 join it with their screens.
 */
export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const moduleNamePlural = SessionContext.useSelector(selectModuleNamePlural);
  return (
    <nav aria-label="Main menu">
      <List>
        <li>
          <MenuLink to="/" end onClick={onNavigate}>
            Dashboard
          </MenuLink>
        </li>
        <li>
          <GroupHeading>{moduleNamePlural}</GroupHeading>
        </li>
      </List>
    </nav>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 8px 0;
  list-style: none;
`;

const MenuLink = styled(NavLink)`
  display: block;
  padding: 10px 16px;
  color: inherit;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  &.active {
    color: ${({ theme }) => theme.colors.highlight};
    background: ${({ theme }) => theme.colors.highlightPale};
    font-weight: 600;
  }
`;

const GroupHeading = styled.h2`
  margin: 0;
  padding: 10px 16px;
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;
