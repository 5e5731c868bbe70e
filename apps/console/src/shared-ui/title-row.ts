import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** A screen's title with its main action beside it (after it on a narrow screen). */
export const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;

  /* A title given the focus by the screen (after its row was deleted) is where reading starts again, not a control. */
  h1:focus {
    outline: none;
  }
`;

/** The screen's main action as a link (Create Message, Schedule Message), drawn as the console's primary button: white on the highlight. */
export const MainActionLink = styled(Link)`
  padding: 8px 16px;
  font-weight: 500;
  color: #ffffff;
  text-decoration: none;
  background: ${({ theme }) => theme.colors.highlight};
  border: 1px solid ${({ theme }) => theme.colors.highlight};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;
