import type { ActivityLogEntryDto, ActivityLogUserDto } from '@beacon/contracts';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { CellNote, DataTable } from '../../../shared-ui/DataTable';

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
      {user.email && user.email !== user.name && <CellNote>{user.email}</CellNote>}
    </>
  );
}

export function ActivityLogTable({ entries, timeZone, busy }: ActivityLogTableProps) {
  return (
    <Table caption={`Activity, newest first (times in ${timeZone})`} busy={busy}>
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
  );
}

const Table = styled(DataTable)`
  td:first-child {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;
