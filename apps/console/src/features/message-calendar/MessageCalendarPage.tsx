import { canAccessRoute, consoleRoute } from '@beacon/contracts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { MainActionLink, TitleRow } from '../../shared-ui/title-row';
import { dayOf, periodDays, periodName, periodOf, periodWeeks, queryFromSearchParams, searchParamsFromQuery, shiftPeriod, type CalendarPeriod, type CalendarQuery } from './calendar-period';
import { calendarSessions, sessionsByDay } from './calendar-sessions';
import { CalendarGrid } from './components/CalendarGrid';
import { CalendarToolbar } from './components/CalendarToolbar';
import { DayTable } from './components/DayTable';
import { selectEntries, selectLoadError, selectLoading, selectResults } from './machines/message-calendar.selectors';
import { messageCalendarApi } from './message-calendar-api';
import { messageCalendarLogic } from './message-calendar.implementations';
import { scheduledSessionOf } from './returned-from-schedule';

const SCHEDULE_PATH = consoleRoute('message.scheduleMessage').path;

/** "in March 2026", "on Thursday 5 March 2026", "from 2 March to 8 March 2026". */
function periodPhrase(period: CalendarPeriod): string {
  const name = periodName(period);
  return period.view === 'month' ? `in ${name}` : period.view === 'day' ? `on ${name}` : `from ${name}`;
}

/** Schedule Message starts on the day the calendar shows, and returns to the same view. */
function scheduleLink(query: CalendarQuery): string {
  const params = searchParamsFromQuery(query).toString();
  return params === '' ? SCHEDULE_PATH : `${SCHEDULE_PATH}?${params}`;
}

/**
 * Message Calendar (spec part 2 §2: admins, operators and senders): the sessions of the caller's
 * messages, sent and scheduled, by day, week or month, each at its time in the user's time zone with
 * its message, status and, once started, delivered of total. The period lives in the URL, so Back
 * and links keep it; sessions appear and move on live. Admins and operators may Schedule Message.
 */
export default function MessageCalendarPage() {
  const timeZone = SessionContext.useSelector(selectTimezone);
  // Another time zone puts the sessions on other days: the calendar starts afresh.
  return <MessageCalendar key={timeZone} timeZone={timeZone} />;
}

function MessageCalendar({ timeZone }: { timeZone: string }) {
  const api = useApi();
  const viewer = useAccessSubject();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(searchParams), [searchParams]);
  const today = dayOf(Date.now(), timeZone);
  const period = useMemo(() => periodOf(query, today), [query, today]);
  const [logic] = useState(() => messageCalendarLogic(messageCalendarApi(api)));
  const calendar = useActorRef(logic, { input: { timeZone, period } });
  const entries = useSelector(calendar, selectEntries);
  const results = useSelector(calendar, selectResults);
  const error = useSelector(calendar, selectLoadError);
  const loading = useSelector(calendar, selectLoading);
  const periodTitleId = useId();

  useEffect(() => calendar.send({ type: 'calendar.period', period }), [period, calendar]);

  const shown = useMemo(() => {
    if (entries === null) return [];
    const days = new Set(periodDays(period));
    return calendarSessions(entries, results, timeZone).filter((session) => days.has(session.day));
  }, [entries, results, timeZone, period]);
  const byDay = useMemo(() => sessionsByDay(shown), [shown]);

  const show = (next: CalendarQuery) => setSearchParams(searchParamsFromQuery(next));
  const canSchedule = canAccessRoute('message.scheduleMessage', viewer);
  const newSessionId = scheduledSessionOf(location.state);
  const caption = `${periodName(period)}: messages sent and scheduled (times in ${timeZone})`;

  return (
    <Page aria-labelledby="message-calendar-title">
      <TitleRow>
        <h1 id="message-calendar-title">Message Calendar</h1>
        {canSchedule && <MainActionLink to={scheduleLink(query)}>Schedule Message</MainActionLink>}
      </TitleRow>
      <CalendarToolbar
        period={period}
        titleId={periodTitleId}
        onView={(view) => show({ ...query, view })}
        onShift={(step) => show({ ...query, date: shiftPeriod(period, step).anchor })}
        onToday={() => show({ ...query, date: null })}
      />
      {loading && entries === null && <Note role="status">Loading the calendar…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => calendar.send({ type: 'calendar.reload' })} />}
      {entries !== null && shown.length === 0 && (
        <Empty role="status">
          No messages were sent or are scheduled {periodPhrase(period)}.
          {canSchedule && (
            <>
              {' '}
              <Link to={scheduleLink(query)}>Schedule one</Link>.
            </>
          )}
        </Empty>
      )}
      {entries !== null && period.view === 'day' && shown.length > 0 && (
        <DayTable caption={caption} sessions={shown} timeZone={timeZone} busy={loading} newSessionId={newSessionId} />
      )}
      {entries !== null && period.view !== 'day' && (
        <CalendarGrid
          caption={caption}
          period={period}
          weeks={periodWeeks(period)}
          byDay={byDay}
          today={today}
          timeZone={timeZone}
          busy={loading}
          newSessionId={newSessionId}
        />
      )}
    </Page>
  );
}

const Empty = styled.p`
  margin: 0;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;
