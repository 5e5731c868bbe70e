import type { SessionDispatchDto, SessionRecipientDispatchesDto } from '@beacon/contracts';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { errorText } from '../../../api/api-error';
import { channelsText } from '../../../formatting/channel-names';
import { CellNote } from '../../../shared-ui/DataTable';
import type { MessageReportsApi } from '../message-reports-api';
import { DELIVERY_STATUS_WORDS, failureText, instantText } from '../report-words';

type History = { state: 'loading' } | { state: 'loaded'; dispatches: readonly SessionDispatchDto[] } | { state: 'failed'; error: string };

interface DispatchHistoryProps {
  api: Pick<MessageReportsApi, 'dispatches'>;
  sessionId: string;
  recipientId: string;
  /** Who they are, for the table's caption. */
  who: string;
  timeZone: string;
}

/** Every attempt on every device of one person, oldest first (GET .../recipient/{rid}/dispatches/), read when opened. */
export function DispatchHistory({ api, sessionId, recipientId, who, timeZone }: DispatchHistoryProps) {
  const [history, setHistory] = useState<History>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    api.dispatches(sessionId, recipientId).then(
      (answer: SessionRecipientDispatchesDto) => current && setHistory({ state: 'loaded', dispatches: answer.dispatches }),
      (error: unknown) => current && setHistory({ state: 'failed', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, sessionId, recipientId]);

  if (history.state === 'loading') return <p role="status">Loading the dispatches…</p>;
  if (history.state === 'failed') return <Problem role="alert">The dispatches could not be loaded: {history.error}</Problem>;
  if (history.dispatches.length === 0) return <p>Nothing has been sent to {who} yet.</p>;
  const when = (instant: string | null) => (instant ? <time dateTime={instant}>{instantText(instant, timeZone)}</time> : '—');
  return (
    <Table>
      <caption>
        Dispatches to {who}, oldest first (times in {timeZone})
      </caption>
      <thead>
        <tr>
          <th scope="col">Device</th>
          <th scope="col">Attempt</th>
          <th scope="col">Status</th>
          <th scope="col">Reason</th>
          <th scope="col">Sent</th>
          <th scope="col">Answered</th>
          <th scope="col">Delivered</th>
        </tr>
      </thead>
      <tbody>
        {history.dispatches.map((dispatch) => (
          <tr key={dispatch.delivery_id}>
            <th scope="row">
              {channelsText([dispatch.channel])}
              {dispatch.address && <CellNote>{dispatch.address}</CellNote>}
            </th>
            <td>
              {dispatch.attempt}
              {dispatch.replaced && <CellNote>Replaced by a later attempt</CellNote>}
            </td>
            <td>
              {DELIVERY_STATUS_WORDS[dispatch.status]}
              {dispatch.reply && <CellNote>Reply: {dispatch.reply}</CellNote>}
            </td>
            <td>{failureText(dispatch.reason, dispatch.failure) || '—'}</td>
            <td>{when(dispatch.sent_at)}</td>
            <td>{when(dispatch.answered_at)}</td>
            <td>{when(dispatch.delivered_at)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;

  caption {
    padding-bottom: 4px;
    text-align: left;
    font-weight: 600;
  }

  th,
  td {
    padding: 6px 12px 6px 0;
    text-align: left;
    vertical-align: top;
  }

  thead th {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  tbody th {
    font-weight: 500;
  }

  time {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.error};
`;
