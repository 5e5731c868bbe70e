import type { AssignableUserDto } from '@beacon/contracts';
import { isoInZone } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { displayPeriod, displayTime, weekText } from '../../../formatting/on-call-times';
import { useLiveResource } from '../../../live/live-resource';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { DataTable } from '../../../shared-ui/DataTable';
import { CheckboxField, Fieldset } from '../../../shared-ui/labelled-controls';
import { OnCallTimeField } from '../../../shared-ui/on-call/OnCallTimeField';
import { StaffingWarnings } from '../../../shared-ui/on-call/StaffingWarnings';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import { Pager } from '../../../shared-ui/Pager';
import { ON_CALL_PERIODS_LIVE_RESOURCE, type AssignMode, type DatasetOnCallApi } from './dataset-on-call-api';
import { onCallRosterLogic } from './dataset-on-call.implementations';
import { ROSTER_PAGE_SIZES, visibleAssignmentErrors, type AssignmentResult, type OnCallExport, type OnCallRosterEvent, type OnCallRosterSnapshot } from './machines/on-call-roster.machine';

export const NOBODY_ON_CALL_TEXT = 'Nobody is on call now.';
export const NO_ASSIGNABLE_USERS_TEXT = 'No active message recipients to put on call.';
export const ASSIGN_MODES: readonly { mode: AssignMode; label: string; hint: string }[] = [
  { mode: 'entire', label: 'The whole period, for everyone', hint: 'Nobody is assigned if any of them is on call during the period already.' },
  { mode: 'parts', label: 'The parts of the period each user is free', hint: 'A user on call throughout gets nothing.' },
];
const EXPORTS: readonly { file: OnCallExport; text: string }[] = [
  { file: 'roster', text: 'Export the roster (CSV)' },
  { file: 'periods', text: 'Export users’ periods (CSV)' },
  { file: 'report', text: 'Export the staffing report (CSV)' },
];

const nameOf = (user: Pick<AssignableUserDto, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();

interface OnCallRosterProps {
  groupId: string;
  timeZone: string;
  api: DatasetOnCallApi;
  notify: (text: string, type: 'default' | 'error') => void;
}

/**
 * Who is on call now, the roster of a chosen week with the assignment of several users, and the
 * group's files (spec part 2 §7, on call; users and on call). Any change to a period in reach (live
 * update) reads the roster and who is on call again.
 */
export function OnCallRoster({ groupId, timeZone, api, notify }: OnCallRosterProps) {
  const [logic] = useState(() => onCallRosterLogic({ api, notify }));
  const [snapshot, send] = useMachine(logic, { input: { groupId, timeZone, now: Date.now() } });
  useLiveResource(ON_CALL_PERIODS_LIVE_RESOURCE, () => send({ type: 'roster.reload' }));
  return (
    <>
      <CheckboxField
        label="Include the datasets below this one"
        hint="Who is on call, the roster and the files then cover their users too."
        checked={snapshot.context.includeSubGroups}
        onChange={(include) => send({ type: 'roster.subGroups', include })}
      />
      <OnCallNow snapshot={snapshot} send={send} />
      <Roster snapshot={snapshot} send={send} />
      <AssignForm snapshot={snapshot} send={send} />
      <Files snapshot={snapshot} send={send} />
    </>
  );
}

interface PartProps {
  snapshot: OnCallRosterSnapshot;
  send: (event: OnCallRosterEvent) => void;
}

function OnCallNow({ snapshot, send }: PartProps) {
  const titleId = useId();
  const { onCallNow, nowError, timeZone } = snapshot.context;
  return (
    <Part aria-labelledby={titleId}>
      <TitleRow>
        <h3 id={titleId}>Who is on call now</h3>
        <SecondaryButton type="button" onClick={() => send({ type: 'now.reload' })}>
          Refresh
        </SecondaryButton>
      </TitleRow>
      {snapshot.matches({ now: 'loading' }) && onCallNow === null && <Note role="status">Loading who is on call…</Note>}
      {nowError !== null && <LoadFailure text={nowError} onRetry={() => send({ type: 'now.reload' })} />}
      {onCallNow !== null && onCallNow.count === 0 && <Note>{NOBODY_ON_CALL_TEXT}</Note>}
      {onCallNow !== null && onCallNow.count > 0 && (
        <TimesTable caption={`On call at ${displayTime(onCallNow.at, timeZone)} (times in ${timeZone})`} busy={snapshot.matches({ now: 'loading' })}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">On call from</th>
              <th scope="col">Until</th>
            </tr>
          </thead>
          <tbody>
            {onCallNow.results.map((user) => (
              <tr key={user.on_call_period_id}>
                <th scope="row">{nameOf(user)}</th>
                <td>{user.email}</td>
                <td>{displayTime(user.start_date, timeZone)}</td>
                <td>{displayTime(user.end_date, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </TimesTable>
      )}
    </Part>
  );
}

function Roster({ snapshot, send }: PartProps) {
  const titleId = useId();
  const { roster, rosterError, timeZone, weekStart, selected, page, pageSize } = snapshot.context;
  const range = weekText(isoInZone(weekStart, timeZone));
  const users = roster?.results ?? [];
  const chooseAll = (choose: boolean) => send({ type: 'assign.select', users: users.map((user) => ({ id: user.id, name: nameOf(user) })), selected: choose });
  return (
    <Part aria-labelledby={titleId}>
      <h3 id={titleId}>Roster</h3>
      <Buttons aria-label="Roster weeks">
        <SecondaryButton type="button" onClick={() => send({ type: 'roster.week', to: 'previous' })}>
          Previous week
        </SecondaryButton>
        <SecondaryButton type="button" onClick={() => send({ type: 'roster.week', to: 'current' })}>
          This week
        </SecondaryButton>
        <SecondaryButton type="button" onClick={() => send({ type: 'roster.week', to: 'next' })}>
          Next week
        </SecondaryButton>
      </Buttons>
      <div aria-live="polite">
        <h4>{range}</h4>
      </div>
      {snapshot.matches({ roster: 'loading' }) && roster === null && <Note role="status">Loading the roster…</Note>}
      {rosterError !== null && <LoadFailure text={rosterError} onRetry={() => send({ type: 'roster.reload' })} />}
      {roster !== null && roster.count === 0 && <Note>{NO_ASSIGNABLE_USERS_TEXT}</Note>}
      {users.length > 0 && (
        <>
          <Buttons as="div">
            <SecondaryButton type="button" onClick={() => chooseAll(true)}>
              Choose everyone on this page
            </SecondaryButton>
            <SecondaryButton type="button" disabled={selected.length === 0} onClick={() => send({ type: 'assign.select', users: selected.map((id) => ({ id, name: '' })), selected: false })}>
              Clear the choice
            </SecondaryButton>
          </Buttons>
          <TimesTable caption={`Users who can be on call, ${range} (times in ${timeZone})`} busy={snapshot.matches({ roster: 'loading' })}>
            <thead>
              <tr>
                <th scope="col">Choose</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">On call this week</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Choose ${nameOf(user)}`}
                      checked={selected.includes(user.id)}
                      onChange={(event) => send({ type: 'assign.select', users: [{ id: user.id, name: nameOf(user) }], selected: event.target.checked })}
                    />
                  </td>
                  <th scope="row">{nameOf(user)}</th>
                  <td>{user.email}</td>
                  <td>
                    {user.periods.length === 0
                      ? 'Not on call'
                      : user.periods.map((period) => <span key={period.on_call_period_id}>{displayPeriod(period, timeZone)}</span>)}
                  </td>
                </tr>
              ))}
            </tbody>
          </TimesTable>
        </>
      )}
      {roster !== null && roster.count > 0 && (
        <Pager
          label="Roster pages"
          page={page}
          numberOfPages={Math.max(1, Math.ceil(roster.count / pageSize))}
          pageSize={pageSize}
          pageSizes={ROSTER_PAGE_SIZES}
          countText={`${roster.count} ${roster.count === 1 ? 'user' : 'users'}`}
          onPage={(next) => send({ type: 'roster.page', page: next })}
          onPageSize={(size) => send({ type: 'roster.pageSize', pageSize: size })}
        />
      )}
    </Part>
  );
}

function AssignForm({ snapshot, send }: PartProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { assignment, selected, timeZone, results, warnings } = snapshot.context;
  const assigning = snapshot.matches({ assignment: 'assigning' });
  const errors = visibleAssignmentErrors(assignment, timeZone);
  return (
    <Part aria-labelledby={titleId}>
      <h3 id={titleId}>Assign users</h3>
      <Form
        ref={formRef}
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (assigning) return;
          send({ type: 'assign.submit' });
          setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
        }}
      >
        {assignment.messages.length > 0 && (
          <Alert role="alert">
            {assignment.messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        )}
        <Note>{selected.length === 0 ? 'No users chosen: choose them in the roster.' : `${selected.length} ${selected.length === 1 ? 'user' : 'users'} chosen.`}</Note>
        <Fieldset>
          <legend>Give them</legend>
          {ASSIGN_MODES.map(({ mode, label, hint }) => (
            <Radio key={mode}>
              <input
                id={`${titleId}-${mode}`}
                type="radio"
                name={`${titleId}-mode`}
                checked={assignment.mode === mode}
                aria-describedby={`${titleId}-${mode}-hint`}
                onChange={() => send({ type: 'assign.mode', mode })}
              />
              <label htmlFor={`${titleId}-${mode}`}>{label}</label>
              <small id={`${titleId}-${mode}-hint`}>{hint}</small>
            </Radio>
          ))}
        </Fieldset>
        <Times>
          <OnCallTimeField label="Start" timeZone={timeZone} value={assignment.text.start_date} errors={errors.start_date ?? []} onChange={(text) => send({ type: 'assign.change', patch: { start_date: text } })} />
          <OnCallTimeField label="End" timeZone={timeZone} value={assignment.text.end_date} errors={errors.end_date ?? []} onChange={(text) => send({ type: 'assign.change', patch: { end_date: text } })} />
        </Times>
        <div>
          <PrimaryButton type="submit" aria-disabled={assigning || undefined}>
            {assigning ? 'Assigning…' : 'Assign users'}
          </PrimaryButton>
        </div>
      </Form>
      {results !== null && <Results results={results} timeZone={timeZone} onDismiss={() => send({ type: 'results.dismiss' })} />}
      <StaffingWarnings warnings={warnings} onDismiss={() => send({ type: 'warnings.dismiss' })} />
    </Part>
  );
}

const resultText = (result: AssignmentResult, timeZone: string) =>
  result.error !== undefined
    ? `${result.name}: not assigned. ${result.error}`
    : result.periods.length === 0
      ? `${result.name}: on call throughout already; nothing assigned.`
      : `${result.name}: on call ${result.periods.map((period) => displayPeriod(period, timeZone)).join(', ')}.`;

function Results({ results, timeZone, onDismiss }: { results: readonly AssignmentResult[]; timeZone: string; onDismiss: () => void }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The results (refusals among them) are read from their heading on: the keyboard goes there as they come.
  useEffect(() => heading.current?.focus(), [results]);
  return (
    <ResultsPanel aria-labelledby={titleId}>
      <h4 id={titleId} ref={heading} tabIndex={-1}>
        Assignment results
      </h4>
      <ul>
        {results.map((result) => (
          <li key={result.user} data-error={result.error !== undefined || undefined}>
            {resultText(result, timeZone)}
          </li>
        ))}
      </ul>
      <div>
        <SecondaryButton type="button" onClick={onDismiss}>
          Dismiss the results
        </SecondaryButton>
      </div>
    </ResultsPanel>
  );
}

function Files({ snapshot, send }: PartProps) {
  const titleId = useId();
  const { exporting, timeZone, weekStart } = snapshot.context;
  return (
    <Part aria-labelledby={titleId}>
      <h3 id={titleId}>Files</h3>
      <Note>
        The roster and the users’ periods of {weekText(isoInZone(weekStart, timeZone))}; the staffing report of now. Times in {timeZone}.
      </Note>
      <Buttons as="div">
        {EXPORTS.map(({ file, text }) => (
          <SecondaryButton key={file} type="button" aria-disabled={exporting !== null || undefined} onClick={() => exporting === null && send({ type: 'export', file })}>
            {text}
          </SecondaryButton>
        ))}
      </Buttons>
      {exporting !== null && <Note role="status">Preparing the file…</Note>}
    </Part>
  );
}

const Part = styled.section`
  display: grid;
  gap: 12px;

  h3 {
    margin: 0;
    font-size: 1.125rem;
  }

  h4 {
    margin: 0;
    font-size: 1rem;
  }
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
`;

const Buttons = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;

const TimesTable = styled(DataTable)`
  td span {
    display: block;
  }

  td,
  th[scope='row'] {
    font-variant-numeric: tabular-nums;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Radio = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 8px;
  align-items: center;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }

  small {
    grid-column: 2;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Times = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;

  > * {
    flex: 1 1 16rem;
  }
`;

const Alert = styled.div`
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  p {
    margin: 0;
  }
`;

const ResultsPanel = styled.section`
  display: grid;
  gap: 8px;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  ul {
    margin: 0;
    padding-left: 20px;
  }

  li[data-error='true'] {
    color: ${({ theme }) => theme.colors.error};
  }
`;
