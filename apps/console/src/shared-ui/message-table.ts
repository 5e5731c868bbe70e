import styled from 'styled-components';
import { DataTable } from './DataTable';

/** A page of messages as a table, each row named by a link to Edit Message; a screen adds its columns' styles. */
export const MessageTable = styled(DataTable)`
  tbody th {
    font-weight: 500;
  }

  /* The text colour, underlined: a (brandable) highlight may be too light for text on white. */
  a {
    color: ${({ theme }) => theme.colors.text};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;
