import type { ActivityLogEntryDto, ActivityLogUserDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';

interface ActivityLogTableProps {
  entries: readonly ActivityLogEntryDto[];
  timeZone: string;
  /** The next page is loading; these rows are about to be replaced. */
  busy: boolean;
}

/** Who did it: their name (and email when it says more), or System for the platform itself. */
function UserCell({ user }: { user: ActivityLogUserDto | null }) {
  if (user === null) return <>System</>;
  return (
    <>
      {user.name}
      {user.email && user.email !== user.name && <Email>{user.email}</Email>}
    </>
  );
}

export function ActivityLogTable({ entries, timeZone, busy }: ActivityLogTableProps) {
  const captionId = useId();
  return (
    // Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too.
    <Scroller role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table aria-busy={busy}>
        <caption id={captionId}>Activity, newest first (times in {timeZone})</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Customer group</th>
            <th scope="col">User</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.date}>{formatDateTime(entry.date, timeZone)}</time>
              </td>
              <td>{entry.customer_group.name ?? entry.customer_group.id}</td>
              <td>
                <UserCell user={entry.user} />
              </td>
              <td>{entry.action}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}

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

  &[aria-busy='true'] tbody {
    opacity: 0.5;
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

  td:first-child {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }

  tbody tr:last-child td {
    border-bottom: none;
  }
`;

const Email = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
