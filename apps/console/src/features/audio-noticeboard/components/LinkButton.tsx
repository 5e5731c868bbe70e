import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** A link that starts an action (Create), drawn like the console's outlined action links, on the surface colour (the highlight is too light on the page's background). */
export const LinkButton = styled(Link)`
  display: inline-block;
  justify-self: start;
  padding: 8px 14px;
  color: ${({ theme }) => theme.colors.highlight};
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surface};
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
