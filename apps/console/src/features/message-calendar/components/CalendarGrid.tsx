import styled from 'styled-components';
import { DataTable } from '../../../shared-ui/DataTable';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { dayName, isInMonth, weekdayName, weekdayShortName, type CalendarPeriod } from '../calendar-period';
import type { CalendarSession } from '../calendar-sessions';
import { SessionItem } from './SessionItem';

interface CalendarGridProps {
  caption: string;
  period: CalendarPeriod;
  weeks: readonly (readonly string[])[];
  byDay: ReadonlyMap<string, readonly CalendarSession[]>;
  today: string;
  timeZone: string;
  busy: boolean;
  newSessionId: string | null;
}

/**
 * A week or a month as a table: a column per weekday (Monday first), a row per week, and in each day's
 * cell its date and its sessions as a list. Today's cell is marked as the current date; in a month,
 * the days of the months either side are shown dimmed.
 */
export function CalendarGrid({ caption, period, weeks, byDay, today, timeZone, busy, newSessionId }: CalendarGridProps) {
  return (
    <Grid caption={caption} busy={busy}>
      <thead>
        <tr>
          {weeks[0]!.map((day) => (
            <th key={day} scope="col">
              <span aria-hidden="true">{weekdayShortName(day)}</span>
              <VisuallyHidden>{weekdayName(day)}</VisuallyHidden>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const sessions = byDay.get(day) ?? [];
              const outside = period.view === 'month' && !isInMonth(day, period);
              return (
                <td key={day} aria-current={day === today ? 'date' : undefined} data-outside={outside || undefined}>
                  <DayNumber>
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <VisuallyHidden>{dayName(day)}</VisuallyHidden>
                  </DayNumber>
                  {sessions.length > 0 && (
                    <Sessions aria-label={`Messages on ${dayName(day)}`}>
                      {sessions.map((session) => (
                        <SessionItem key={session.id} session={session} timeZone={timeZone} isNew={session.id === newSessionId} />
                      ))}
                    </Sessions>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Grid>
  );
}

const Grid = styled(DataTable)`
  table-layout: fixed;
  min-width: 720px;

  th {
    text-align: center;
  }

  td {
    height: 96px;
    padding: 6px;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }

  td:last-child {
    border-right: none;
  }

  tbody tr:last-child td {
    border-bottom: none;
  }

  /* Days of the months either side: on the page's background, their numbers still in the muted text colour (5:1). */
  td[data-outside] {
    background: ${({ theme }) => theme.colors.background};
  }

  td[aria-current='date'] {
    box-shadow: inset 0 3px 0 ${({ theme }) => theme.colors.highlight};
  }

  td[aria-current='date'] > span:first-child {
    font-weight: 700;
  }
`;

const DayNumber = styled.span`
  display: block;
  margin-bottom: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Sessions = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
