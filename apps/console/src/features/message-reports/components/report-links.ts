import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** A link back to the list or across to the session's other report, in the text colour (a brandable highlight may be too light for text). */
export const ReportLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

/** The report screens' links, in a row under the title. */
export const ReportLinks = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
`;
