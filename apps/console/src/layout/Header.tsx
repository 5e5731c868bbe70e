import styled from 'styled-components';
import { PRODUCT_NAME } from '../app/product';
import { SessionContext } from '../features/session/session-context';

interface HeaderProps {
  drawerId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function Header({ drawerId, menuOpen, onToggleMenu }: HeaderProps) {
  const session = SessionContext.useActorRef();
  return (
    <Bar>
      <IconButton type="button" aria-label="Menu" aria-controls={drawerId} aria-expanded={menuOpen} onClick={onToggleMenu}>
        <span aria-hidden="true">☰</span>
      </IconButton>
      <Logo>{PRODUCT_NAME}</Logo>
      <LogoutButton type="button" onClick={() => session.send({ type: 'session.logout' })}>
        Logout
      </LogoutButton>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  height: ${({ theme }) => theme.headerHeightPx}px;
  padding: 0 16px;
  background: ${({ theme }) => theme.colors.header};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const IconButton = styled.button`
  padding: 6px 10px;
  font-size: 1.25rem;
  line-height: 1;
  color: ${({ theme }) => theme.colors.headerIcons};
  background: none;
  border: none;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;
`;

const Logo = styled.span`
  font-size: 1.25rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.highlight};
`;

const LogoutButton = styled.button`
  margin-left: auto;
  padding: 6px 12px;
  font: inherit;
  color: ${({ theme }) => theme.colors.highlight};
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.highlight};
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;
`;
