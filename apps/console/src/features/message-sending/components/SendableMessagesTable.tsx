import type { RunResultDto, ScenarioListEntryDto, ScenarioSessionDto } from '@beacon/contracts';
import { displayInstant } from '@beacon/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { channelsText } from '../../../formatting/channel-names';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { MessageTable } from '../../../shared-ui/message-table';
import type { Outcomes } from '../machines/message-sending.machine';
import { messagesText, peopleText, reached, sessionInstant, STATUS_LABELS } from '../session-progress';

/** Sends listed per message: the latest few, newest first. */
export const SESSIONS_SHOWN = 3;

interface SendableMessagesTableProps {
  caption: string;
  messages: readonly ScenarioListEntryDto[];
  outcomes: Outcomes;
  timeZone: string;
  /** The next page is loading; these rows are about to be replaced. */
  busy: boolean;
  /** Where Edit Message opens a message, or null where the viewer may not. */
  editPath: (message: ScenarioListEntryDto) => string | null;
  /** The message whose send is being prepared or started, and which step: no other send starts meanwhile. */
  sendingId: string | null;
  sendStep: 'counting' | 'starting' | null;
  onSend: (message: ScenarioListEntryDto) => void;
}

/** The messages of a page, each with its latest sends, the next one scheduled, and Send. */
export function SendableMessagesTable({ caption, messages, outcomes, timeZone, busy, editPath, sendingId, sendStep, onSend }: SendableMessagesTableProps) {
  const acting = sendStep !== null;
  const when = (instant: string) => <time dateTime={instant}>{displayInstant(new Date(instant), timeZone)}</time>;
  return (
    <Table caption={caption} busy={busy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Real or test</th>
          <th scope="col">Channels</th>
          <th scope="col">Latest sends</th>
          <th scope="col">Next scheduled</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => {
          const path = editPath(message);
          const sessions = (message.sessions ?? []).slice(0, SESSIONS_SHOWN);
          const next = message.scheduled?.[0]?.scheduled_for;
          return (
            <tr key={message.id}>
              <th scope="row">{path ? <Link to={path}>{message.name}</Link> : message.name}</th>
              <td>{message.is_real ? 'Real' : 'Test'}</td>
              <td>{channelsText(message.channels)}</td>
              <td>
                {sessions.length === 0 ? (
                  <Muted>Not sent yet</Muted>
                ) : (
                  <Sends>
                    {sessions.map((session, index) => (
                      <li key={session.id}>
                        <SessionLine session={session} outcome={index === 0 ? outcomes.get(session.id) : undefined} when={when} />
                      </li>
                    ))}
                  </Sends>
                )}
              </td>
              <td>{next ? when(next) : <Muted>None</Muted>}</td>
              <td>
                <SendButton type="button" aria-disabled={acting || undefined} onClick={() => !acting && onSend(message)}>
                  {sendingId === message.id ? (sendStep === 'counting' ? 'Counting…' : 'Sending…') : 'Send'}
                  <VisuallyHidden> {message.name}</VisuallyHidden>
                </SendButton>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/**
 * When a send started, its status, and what reached people: delivered of all for the latest, else how
 * many it went to (nothing for one not planned yet, or never: refused by a daily quota, or skipped).
 */
function SessionLine({ session, outcome, when }: { session: ScenarioSessionDto; outcome: RunResultDto | undefined; when: (instant: string) => ReactNode }) {
  const instant = sessionInstant(session);
  const status = outcome?.status ?? session.status;
  const deliveries = outcome?.deliveries ?? session.deliveries;
  return (
    <>
      {instant ? when(instant) : null} <Status>{STATUS_LABELS[status]}</Status>{' '}
      <Figures>
        {outcome && deliveries > 0
          ? `${reached(outcome.progress)} of ${messagesText(deliveries)} delivered`
          : status === 'planning' || status === 'scheduled' || status === 'refused' || status === 'skipped'
            ? ''
            : `${messagesText(deliveries)} to ${peopleText(outcome?.recipients ?? session.recipients)}`}
      </Figures>
    </>
  );
}

const Table = styled(MessageTable)`
  td {
    vertical-align: top;
  }

  time {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Sends = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Status = styled.span`
  padding: 0 6px;
  font-size: 0.875rem;
  font-weight: 500;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
`;

const Figures = styled.span`
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/* The row's one action, white on the highlight as the console's primary buttons are. */
const SendButton = styled.button`
  padding: 4px 14px;
  font: inherit;
  font-weight: 500;
  color: #ffffff;
  background: ${({ theme }) => theme.colors.highlight};
  border: 1px solid ${({ theme }) => theme.colors.highlight};
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;
  white-space: nowrap;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }

  /* aria-disabled rather than disabled: the button pressed keeps the keyboard's focus while its send is
   * prepared. Greyed with a solid colour, not opacity, so its text keeps 4.5:1. */
  &[aria-disabled='true'] {
    cursor: progress;
    background: ${({ theme }) => theme.colors.textMuted};
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
`;
