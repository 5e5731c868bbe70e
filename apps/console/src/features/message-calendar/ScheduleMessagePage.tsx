import { consoleRoute, type ScenarioListEntryDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { useSnackbar } from '../../feedback/use-feedback';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { PrimaryButton } from '../../shared-ui/buttons';
import { Input, Select } from '../../shared-ui/form-controls';
import { Actions, Fieldset, GroupErrors, Labelled } from '../../shared-ui/labelled-controls';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { dayOf, queryFromSearchParams, searchParamsFromQuery } from './calendar-period';
import type { ScheduleEvent, ScheduleSnapshot } from './machines/schedule-message.machine';
import { messageCalendarApi } from './message-calendar-api';
import { scheduleMessageLogic } from './message-calendar.implementations';
import { returnedFromSchedule } from './returned-from-schedule';

const CALENDAR_PATH = consoleRoute('message.calendar').path;
const CREATE_PATH = consoleRoute('message.create').path;

const calendarLink = (params: URLSearchParams) => (params.toString() === '' ? CALENDAR_PATH : `${CALENDAR_PATH}?${params.toString()}`);

/**
 * Schedule Message (spec part 2 §2: admins and operators): one of the caller's messages, a date and a
 * time on the user's clocks; Schedule sends it then. It opens on the day the calendar showed and, once
 * scheduled, returns to the calendar on the new session's day, in the same view.
 */
export default function ScheduleMessagePage() {
  const timeZone = SessionContext.useSelector(selectTimezone);
  const client = useApi();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [from] = useState(() => queryFromSearchParams(searchParams));
  const [logic] = useState(() => scheduleMessageLogic({ api: messageCalendarApi(client), notify: (text) => snackbar.show(text, 'default') }));
  const today = dayOf(Date.now(), timeZone);
  const [snapshot, send] = useMachine(logic, { input: { timeZone, date: from.date !== null && from.date >= today ? from.date : today } });
  const scheduled = snapshot.context.scheduled;

  useEffect(() => {
    if (!snapshot.matches({ ready: { form: 'scheduled' } }) || scheduled === null) return;
    const at = Date.parse(scheduled.scheduled_for ?? '');
    const date = Number.isNaN(at) ? snapshot.context.date : dayOf(at, timeZone);
    navigate(calendarLink(searchParamsFromQuery({ ...from, date })), { state: returnedFromSchedule(scheduled.session_id) });
  }, [snapshot, scheduled, from, timeZone, navigate]);

  return (
    <Page aria-labelledby="schedule-message-title" aria-busy={snapshot.matches('loading')}>
      <h1 id="schedule-message-title">Schedule Message</h1>
      {snapshot.matches('loading') && <Note role="status">Loading your messages…</Note>}
      {snapshot.context.loadError !== null && <LoadFailure text={snapshot.context.loadError} onRetry={() => send({ type: 'schedule.reload' })} />}
      {snapshot.matches('ready') && <ScheduleForm snapshot={snapshot} send={send} timeZone={timeZone} today={today} cancelTo={calendarLink(searchParamsFromQuery(from))} />}
    </Page>
  );
}

interface ScheduleFormProps {
  snapshot: ScheduleSnapshot;
  send: (event: ScheduleEvent) => void;
  timeZone: string;
  today: string;
  cancelTo: string;
}

/** Real messages and test messages, each by name, so a test send is never chosen by mistake. */
function messageGroups(messages: readonly ScenarioListEntryDto[]) {
  const byName = [...messages].sort((a, b) => a.name.localeCompare(b.name));
  return [
    { label: 'Real messages', messages: byName.filter((message) => message.is_real) },
    { label: 'Test messages', messages: byName.filter((message) => !message.is_real) },
  ].filter((group) => group.messages.length > 0);
}

/** The message, the date and time (native inputs, in the user's time zone), a holiday warning, and Schedule. */
function ScheduleForm({ snapshot, send, timeZone, today, cancelTo }: ScheduleFormProps) {
  const { messages, scenario, date, time, errors, formMessages, warning } = snapshot.context;
  const whenErrorId = useId();
  const scheduling = snapshot.matches({ ready: { form: 'scheduling' } });
  const handled = useRef(0);
  const messageRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const [tries, setTries] = useState(0);

  // A refused Schedule takes the keyboard to the first field that says why.
  useEffect(() => {
    if (tries === handled.current || scheduling) return;
    handled.current = tries;
    if (errors.scenario.length > 0) messageRef.current?.focus();
    else if (errors.date.length > 0 || errors.scheduled_for.length > 0) dateRef.current?.focus();
    else if (errors.time.length > 0) timeRef.current?.focus();
  }, [tries, scheduling, errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scheduling) return;
    setTries((count) => count + 1);
    send({ type: 'schedule.submit' });
  };
  const withWhenErrors = (describedBy: string | undefined) => [describedBy, errors.scheduled_for.length > 0 ? whenErrorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Form aria-labelledby="schedule-message-title" noValidate onSubmit={submit}>
      {formMessages.length > 0 && <FormAlert role="alert">{formMessages.join(' ')}</FormAlert>}
      {messages?.length === 0 && (
        <Note>
          There are no messages to schedule yet. <Link to={CREATE_PATH}>Create Message</Link>
        </Note>
      )}
      <Labelled label="Message" errors={errors.scenario}>
        {(control) => (
          <MessageSelect {...control} ref={messageRef} aria-required="true" value={scenario} onChange={(event) => send({ type: 'schedule.message', scenario: event.target.value })}>
            <option value="">Choose a message</option>
            {messageGroups(messages ?? []).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.messages.map((message) => (
                  <option key={message.id} value={message.id}>
                    {message.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </MessageSelect>
        )}
      </Labelled>
      <Fieldset aria-describedby={errors.scheduled_for.length > 0 ? whenErrorId : undefined}>
        <legend>When (in {timeZone})</legend>
        <When>
          <Labelled label="Date" errors={errors.date}>
            {(control) => (
              <Input
                {...control}
                ref={dateRef}
                type="date"
                min={today}
                aria-required="true"
                aria-invalid={control['aria-invalid'] ?? (errors.scheduled_for.length > 0 || undefined)}
                aria-describedby={withWhenErrors(control['aria-describedby'])}
                value={date}
                onChange={(event) => send({ type: 'schedule.date', date: event.target.value })}
              />
            )}
          </Labelled>
          <Labelled label="Time" errors={errors.time}>
            {(control) => (
              <Input
                {...control}
                ref={timeRef}
                type="time"
                aria-required="true"
                aria-invalid={control['aria-invalid'] ?? (errors.scheduled_for.length > 0 || undefined)}
                aria-describedby={withWhenErrors(control['aria-describedby'])}
                value={time}
                onChange={(event) => send({ type: 'schedule.time', time: event.target.value })}
              />
            )}
          </Labelled>
        </When>
        <GroupErrors id={whenErrorId} messages={errors.scheduled_for} />
      </Fieldset>
      <Warning role="status">{warning && <span>{warning} It can still be scheduled.</span>}</Warning>
      <Actions>
        <PrimaryButton type="submit" aria-disabled={scheduling || undefined}>
          {scheduling ? 'Scheduling…' : 'Schedule'}
        </PrimaryButton>
        <CancelLink to={cancelTo}>Cancel</CancelLink>
      </Actions>
    </Form>
  );
}

/** On the surface colour, like the lists. */
const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 40rem;
  padding: 16px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const MessageSelect = styled(Select)`
  max-width: 28rem;
`;

const When = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
`;

/* A warning in the text colour on a pale amber, marked by its border: it does not stop the schedule. */
const Warning = styled.p`
  margin: 0;

  span {
    display: block;
    padding: 8px 12px;
    color: ${({ theme }) => theme.colors.text};
    background: #fff8e1;
    border-left: 4px solid #b26a00;
    border-radius: 2px;
  }
`;

const FormAlert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

const CancelLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
`;
