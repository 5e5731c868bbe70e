import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MenuItem } from '@beacon/contracts';

/** Links to the role's main screens. */
export function MainActions({ actions }: { actions: readonly MenuItem[] }) {
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="main-actions-title">
      <h2 id="main-actions-title">Your main actions</h2>
      <Actions>
        {actions.map((action) => (
          <li key={action.key}>
            <ActionLink to={action.path ?? '/'}>{action.title}</ActionLink>
          </li>
        ))}
      </Actions>
    </section>
  );
}

const Actions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/* Text in the text colour inside a highlight border: the (brandable) highlight on the page background is below 4.5:1 (#1976d2 gives 4.28). */
const ActionLink = styled(Link)`
  display: inline-block;
  padding: 8px 14px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  border: 1px solid ${({ theme }) => theme.colors.highlight};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:hover {
    background: ${({ theme }) => theme.colors.highlightPale};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;
