import { displayInstant } from '@beacon/domain';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { MessageTable } from '../../../shared-ui/message-table';
import type { Outcomes } from '../machines/message-reports.machine';
import { messagesText, peopleText, progressOf, STATUS_LABELS, TYPE_LABELS, type SessionProgress, type SessionRow } from '../session-rows';

interface SessionsTableProps {
  caption: string;
  rows: readonly SessionRow[];
  outcomes: Outcomes;
  timeZone: string;
  busy: boolean;
  /** Where Dispatch details opens a session, or null where the viewer may not open it. */
  detailsPath: (sessionId: string) => string | null;
  overviewPath: (sessionId: string) => string;
}

/** The sessions of a page of messages, newest first within each message, with their progress and reports. */
export function SessionsTable({ caption, rows, outcomes, timeZone, busy, detailsPath, overviewPath }: SessionsTableProps) {
  return (
    <Table caption={caption} busy={busy}>
      <thead>
        <tr>
          <th scope="col">Message</th>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Started</th>
          <th scope="col">Recipients</th>
          <th scope="col">Progress</th>
          <th scope="col">Reports</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ session, message }) => {
          const outcome = outcomes.get(session.id);
          const started = session.started_at ? displayInstant(new Date(session.started_at), timeZone) : null;
          const recipients = outcome?.recipients ?? (session.status === 'planning' ? null : session.recipients);
          const which = `${message.name}${started ? `, ${started}` : ''}`;
          const details = detailsPath(session.id);
          const status = outcome?.status ?? session.status;
          // Why it did not go: a holiday, a weekend, a suspension, or a daily quota with its numbers.
          const why = status === 'skipped' || status === 'refused' ? (outcome?.note ?? session.schedule_note ?? null) : null;
          return (
            <tr key={session.id}>
              <th scope="row">{message.name}</th>
              <td>
                {TYPE_LABELS[message.scenario_type]}
                <Note>{message.is_real ? 'Real' : 'Test'}</Note>
              </td>
              <td>
                {STATUS_LABELS[status]}
                {why && <Note>{why}</Note>}
              </td>
              <td>{started && session.started_at ? <time dateTime={session.started_at}>{started}</time> : 'Not started'}</td>
              <td>{recipients === null ? 'Not known yet' : peopleText(recipients)}</td>
              <td>
                <Progress progress={progressOf(session, outcome)} label={`Progress of ${which}`} />
              </td>
              <td>
                <Links>
                  {details && (
                    <Link to={details}>
                      Dispatch details<VisuallyHidden> of {which}</VisuallyHidden>
                    </Link>
                  )}
                  <Link to={overviewPath(session.id)}>
                    Dispatches overview<VisuallyHidden> of {which}</VisuallyHidden>
                  </Link>
                </Links>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** A bar of the messages with a final answer, with the same in words beside it. */
function Progress({ progress, label }: { progress: SessionProgress; label: string }) {
  switch (progress.kind) {
    case 'none':
      return <>—</>;
    case 'over':
      return (
        <Bar>
          <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={100} aria-valuetext="Finished">
            <Fill style={{ width: '100%' }} />
          </Track>
          <span aria-hidden="true">Finished</span>
        </Bar>
      );
    case 'planning':
    case 'going': {
      const text = progress.kind === 'planning' ? 'Finding recipients' : 'Sending';
      return (
        <Bar>
          <Track role="progressbar" aria-label={label} aria-valuetext={text} />
          <span aria-hidden="true">{text}</span>
        </Bar>
      );
    }
    case 'counted': {
      const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
      const text = `${progress.done} of ${messagesText(progress.total)} finished (${percent}%)`;
      return (
        <Bar>
          <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done} aria-valuetext={text}>
            <Fill style={{ width: `${percent}%` }} />
          </Track>
          <span aria-hidden="true">{text}</span>
        </Bar>
      );
    }
  }
}

const Table = styled(MessageTable)`
  time {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Note = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Links = styled.div`
  display: grid;
  gap: 4px;
  white-space: nowrap;
`;

const Bar = styled.div`
  display: grid;
  gap: 4px;
  min-width: 140px;
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;
`;

/* The track's border is the muted text colour: a control's outline needs 3:1 against the surface. */
const Track = styled.div`
  height: 10px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: 5px;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.highlight};
`;
