import styled from 'styled-components';
import { HeaderLogo } from './HeaderLogo';
import { ProfileMenu } from './ProfileMenu';

interface HeaderProps {
  drawerId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Spec: menu toggle, logo and the profile menu. */
export function Header({ drawerId, menuOpen, onToggleMenu }: HeaderProps) {
  return (
    <Bar>
      <IconButton type="button" aria-label="Menu" aria-controls={drawerId} aria-expanded={menuOpen} onClick={onToggleMenu}>
        <span aria-hidden="true">☰</span>
      </IconButton>
      <HeaderLogo />
      <ProfileMenu />
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

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.headerIcons};
  }
`;
