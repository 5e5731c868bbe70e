import { displayInstant } from '@beacon/domain';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { scheduleNoteOf, STATUS_LABELS, type CalendarSession } from '../calendar-sessions';

/** HH:MM of the instant on the user's clocks. */
export const timeOfDay = (iso: string, timeZone: string): string => displayInstant(new Date(iso), timeZone).slice(11);

/** "12/15": delivered of total, once a started session's counts are known; nothing before. */
export function deliveredCount(session: CalendarSession): string | null {
  if (session.status === 'scheduled' || session.deliveries === null || session.delivered === null) return null;
  return `${session.delivered}/${session.deliveries}`;
}

/** Takes the keyboard once shown: the session just scheduled, which the screen returned to the calendar for. */
export function useFocusOnShow<E extends HTMLElement>(focused: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (focused) ref.current?.focus();
  }, [focused]);
  return ref;
}

interface SessionItemProps {
  session: CalendarSession;
  timeZone: string;
  /** The session just scheduled: marked, and given the keyboard. */
  isNew: boolean;
}

/** One session in a day's list: its time, the message, its status, once started delivered of total, and why a holiday or weekend check moved or skipped it. */
export function SessionItem({ session, timeZone, isNew }: SessionItemProps) {
  const ref = useFocusOnShow<HTMLLIElement>(isNew);
  const delivered = deliveredCount(session);
  const note = scheduleNoteOf(session);
  return (
    <Item ref={ref} tabIndex={isNew ? -1 : undefined} data-new={isNew || undefined}>
      <time dateTime={session.at}>{timeOfDay(session.at, timeZone)}</time> <Name>{session.name}</Name>
      <Details>
        {STATUS_LABELS[session.status]}
        {delivered && `, ${delivered} delivered`}
      </Details>
      {note && <Details>{note}</Details>}
    </Item>
  );
}

const Item = styled.li`
  padding: 4px 6px;
  font-size: 0.875rem;
  line-height: 1.3;
  border-left: 3px solid ${({ theme }) => theme.colors.highlight};
  background: ${({ theme }) => theme.colors.background};
  border-radius: 2px;

  time {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }

  &[data-new] {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }
`;

const Name = styled.span`
  overflow-wrap: anywhere;
`;

const Details = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;
