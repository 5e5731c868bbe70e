import type { SessionRecipientDto } from '@beacon/contracts';
import { Fragment, useId, useState } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { CellNote, DataTable } from '../../../shared-ui/DataTable';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import type { MessageReportsApi } from '../message-reports-api';
import { instantText } from '../report-words';
import { DispatchHistory } from './DispatchHistory';

const COLUMNS = 6;

interface PeopleTableProps {
  api: Pick<MessageReportsApi, 'dispatches'>;
  sessionId: string;
  people: readonly SessionRecipientDto[];
  caption: string;
  timeZone: string;
  busy: boolean;
}

/** A person's name, or for a Teams or Slack webhook (or a person no longer named) their id. */
export const whoOf = (person: Pick<SessionRecipientDto, 'name' | 'id'>): string => person.name?.trim() || person.id;

/** A page of a session's people: where it went, their state and reply, and each one's dispatches on demand. */
export function PeopleTable({ api, sessionId, people, caption, timeZone, busy }: PeopleTableProps) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (personId: string) =>
    setOpen((last) => {
      const next = new Set(last);
      if (!next.delete(personId)) next.add(personId);
      return next;
    });
  return (
    <Table caption={caption} busy={busy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Sent to</th>
          <th scope="col">State</th>
          <th scope="col">Reply</th>
          <th scope="col">Replied at</th>
          <th scope="col">Dispatches</th>
        </tr>
      </thead>
      <tbody>
        {people.map((person, index) => {
          const who = whoOf(person);
          const expanded = open.has(person.id);
          const historyId = `${id}-history-${index}`;
          return (
            <Fragment key={person.id}>
              <tr>
                <th scope="row">{who}</th>
                <td>
                  {person.address_string ?? '—'}
                  {person.note && <CellNote>{person.note}</CellNote>}
                </td>
                <td>{person.state}</td>
                <td>{person.reply}</td>
                <td>{person.reply_time ? <time dateTime={person.reply_time}>{instantText(person.reply_time, timeZone)}</time> : '—'}</td>
                <td>
                  <SecondaryButton type="button" aria-expanded={expanded} aria-controls={expanded ? historyId : undefined} onClick={() => toggle(person.id)}>
                    {expanded ? 'Hide' : 'Show'}
                    <VisuallyHidden> dispatches to {who}</VisuallyHidden>
                  </SecondaryButton>
                </td>
              </tr>
              {expanded && (
                <tr id={historyId}>
                  <HistoryCell colSpan={COLUMNS}>
                    <DispatchHistory api={api} sessionId={sessionId} recipientId={person.id} who={who} timeZone={timeZone} />
                  </HistoryCell>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}

const Table = styled(DataTable)`
  tbody th {
    font-weight: 500;
  }

  time {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const HistoryCell = styled.td`
  background: ${({ theme }) => theme.colors.background};
`;
