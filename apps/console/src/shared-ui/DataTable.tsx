import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

interface DataTableProps {
  /** Names the table and the scrolling region around it. */
  caption: ReactNode;
  /** The next page is loading; these rows are about to be replaced. */
  busy: boolean;
  /** Column styles of one table, from `styled(DataTable)`. */
  className?: string;
  /** The table's head and body. */
  children: ReactNode;
}

/** A list as a table with a caption, dimmed while the next rows load. */
export function DataTable({ caption, busy, className, children }: DataTableProps) {
  const captionId = useId();
  return (
    // Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too.
    <Scroller role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table className={className} aria-busy={busy}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </Table>
    </Scroller>
  );
}

/** A second, smaller line in a cell (an email under a name, who under when). */
export const CellNote = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Scroller = styled.div`
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  /* Busy (a page being fetched): a bar over the table, not faded rows, so the text keeps its 4.5:1 contrast. */
  &[aria-busy='true'] {
    cursor: progress;
    box-shadow: 0 -3px 0 ${({ theme }) => theme.colors.highlight};
  }

  caption {
    padding: 12px 16px 4px;
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  th,
  td {
    padding: 8px 16px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    font-weight: 600;
    white-space: nowrap;
  }

  tbody tr:last-child td {
    border-bottom: none;
  }
`;
