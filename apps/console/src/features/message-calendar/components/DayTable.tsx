import styled from 'styled-components';
import { DataTable } from '../../../shared-ui/DataTable';
import { scheduleNoteOf, STATUS_LABELS, type CalendarSession } from '../calendar-sessions';
import { deliveredCount, timeOfDay, useFocusOnShow } from './SessionItem';

interface DayTableProps {
  caption: string;
  sessions: readonly CalendarSession[];
  timeZone: string;
  busy: boolean;
  newSessionId: string | null;
}

/** One day's sessions as a table: time, message, status and delivered of total, soonest first. */
export function DayTable({ caption, sessions, timeZone, busy, newSessionId }: DayTableProps) {
  return (
    <Table caption={caption} busy={busy}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Message</th>
          <th scope="col">Status</th>
          <th scope="col">Delivered</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <DayRow key={session.id} session={session} timeZone={timeZone} isNew={session.id === newSessionId} />
        ))}
      </tbody>
    </Table>
  );
}

function DayRow({ session, timeZone, isNew }: { session: CalendarSession; timeZone: string; isNew: boolean }) {
  const ref = useFocusOnShow<HTMLTableRowElement>(isNew);
  const delivered = deliveredCount(session);
  const note = scheduleNoteOf(session);
  return (
    <tr ref={ref} tabIndex={isNew ? -1 : undefined} data-new={isNew || undefined}>
      <td>
        <time dateTime={session.at}>{timeOfDay(session.at, timeZone)}</time>
      </td>
      <th scope="row">{session.name}</th>
      <td>
        {STATUS_LABELS[session.status]}
        {note && <Muted> ({note})</Muted>}
      </td>
      <td>{delivered ?? <Muted>Not yet</Muted>}</td>
    </tr>
  );
}

const Table = styled(DataTable)`
  tbody th {
    font-weight: 500;
  }

  td:first-child {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  tr[data-new] {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -2px;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
