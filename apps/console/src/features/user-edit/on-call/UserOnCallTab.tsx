import type { CustomerGroupDto, OnCallPeriodDto, UserDto } from '@beacon/contracts';
import { canAccess, ON_CALL_PERMISSION } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '../../../api/api-context';
import { useDialog, useSnackbar } from '../../../feedback/use-feedback';
import { displayPeriod, displayTime, onCallTimeZone, periodDays, weekText } from '../../../formatting/on-call-times';
import { useLiveResource } from '../../../live/live-resource';
import { useAccessSubject } from '../../../navigation/access-subject-context';
import { settingsOfGroup } from '../../../navigation/user-administration';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { DataTable } from '../../../shared-ui/DataTable';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { StaffingWarnings } from '../../../shared-ui/on-call/StaffingWarnings';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import { PeriodForm } from './PeriodForm';
import { ON_CALL_PERIODS_LIVE_RESOURCE, userOnCallApi } from './user-on-call-api';
import { userOnCallLogic } from './user-on-call.implementations';

export const ON_CALL_TITLE = 'On call';
export const NO_ON_CALL_FEATURE_TEXT = `On call needs the “${ON_CALL_PERMISSION}” feature, which your organisation does not have.`;
export const ON_CALL_HIDDEN_TEXT = "You may not see this user's on-call periods.";
export const READ_ONLY_ON_CALL_TEXT = 'Only admins and operators change on-call periods.';
export const NO_PERIODS_TEXT = 'Not on call this week.';

interface UserOnCallTabProps {
  user: UserDto;
  /** The groups in reach: the user's group's time zone stands in for a user without a valid one. */
  groups: readonly CustomerGroupDto[];
  reportUnsaved: (unsaved: boolean) => void;
}

/**
 * A user's On call tab (spec part 2 §2 on_call, §7): their weeks in their time zone. Who reads it and
 * who changes it follows the on-call routes' guards: "On Call core platform access" for everyone;
 * admins and operators change periods, data users and the user themselves read them.
 */
export function UserOnCallTab({ user, groups, reportUnsaved }: UserOnCallTabProps) {
  const viewer = useAccessSubject();
  const titleId = useId();
  const groupZone = settingsOfGroup(groups.find((group) => group.id === user.customer_group)).preferred_timezone;
  const timeZone = onCallTimeZone(user.preferred_timezone, groupZone);
  const mayRead = canAccess('onCallUser', viewer, { targetUserId: user.id });
  if (!mayRead) {
    return (
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>{ON_CALL_TITLE}</h2>
        <Note>{canAccess('onCallUser', viewer, { targetUserId: viewer.userId }) ? ON_CALL_HIDDEN_TEXT : NO_ON_CALL_FEATURE_TEXT}</Note>
      </section>
    );
  }
  // Another time zone (the user's settings changed) starts the tab again in it.
  return <OnCallWeeks key={timeZone} user={user} timeZone={timeZone} canWrite={canAccess('onCall', viewer)} reportUnsaved={reportUnsaved} />;
}

interface OnCallWeeksProps {
  user: UserDto;
  timeZone: string;
  canWrite: boolean;
  reportUnsaved: (unsaved: boolean) => void;
}

function OnCallWeeks({ user, timeZone, canWrite, reportUnsaved }: OnCallWeeksProps) {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const titleId = useId();
  const weekId = useId();
  const [logic] = useState(() => userOnCallLogic({ api: userOnCallApi(api), notify: (text, type) => snackbar.show(text, type) }));
  const [snapshot, send] = useMachine(logic, { input: { userId: user.id, timeZone, canWrite } });
  const { week, loadError, editor, removing, warnings } = snapshot.context;
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editorWasOpen = useRef(false);
  const wasRemoving = useRef(false);
  const loading = snapshot.matches({ week: 'loading' });
  const exporting = snapshot.matches({ export: 'exporting' });

  useLiveResource(ON_CALL_PERIODS_LIVE_RESOURCE, (update) => {
    if ((update.data as { user?: unknown } | null)?.user === user.id) send({ type: 'week.reload' });
  });

  // A deleted period's row, and its Delete button with the keyboard on it, are gone: the keyboard goes to the tab's heading.
  useEffect(() => {
    if (removing === null && wasRemoving.current) heading.current?.focus();
    wasRemoving.current = removing !== null;
  }, [removing]);

  // Closing the period form (saved or cancelled) gives the keyboard back to Add period.
  useEffect(() => {
    if (editor === null && editorWasOpen.current) addButton.current?.focus();
    editorWasOpen.current = editor !== null;
  }, [editor]);

  const unsaved = editor !== null && editor.touched.length > 0;
  useEffect(() => {
    reportUnsaved(unsaved);
    return () => reportUnsaved(false);
  }, [unsaved, reportUnsaved]);
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const confirmRemove = (period: OnCallPeriodDto) =>
    dialog.alert({
      message: `Delete the on-call period from ${displayPeriod(period, timeZone)} (${timeZone})? This cannot be undone.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'period.remove', period }),
    });

  const range = week ? weekText(week.start_date) : null;
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {ON_CALL_TITLE}
      </h2>
      <Note>Times are DD/MM/YYYY HH:mm:ss in {timeZone}, the user’s time zone.</Note>
      {!canWrite && <Note>{READ_ONLY_ON_CALL_TEXT}</Note>}
      <Toolbar>
        {canWrite && (
          <PrimaryButton ref={addButton} type="button" aria-expanded={editor !== null && editor.periodId === null} onClick={() => send({ type: 'period.add' })}>
            Add period
          </PrimaryButton>
        )}
        <SecondaryButton type="button" aria-disabled={exporting || undefined} onClick={() => !exporting && send({ type: 'periods.export' })}>
          Export periods (CSV)
        </SecondaryButton>
      </Toolbar>
      {exporting && <Note role="status">Preparing the export…</Note>}
      <StaffingWarnings warnings={warnings} onDismiss={() => send({ type: 'warnings.dismiss' })} />
      {editor !== null && (
        <PeriodForm
          editor={editor}
          timeZone={timeZone}
          saving={snapshot.matches({ editor: { open: 'saving' } })}
          onChange={(patch) => send({ type: 'period.change', patch })}
          onSubmit={() => send({ type: 'period.submit' })}
          onCancel={() => send({ type: 'period.cancel' })}
        />
      )}
      <WeekBar aria-label="Weeks">
        <SecondaryButton type="button" disabled={week === null} onClick={() => send({ type: 'week.previous' })}>
          Previous week
        </SecondaryButton>
        <SecondaryButton type="button" onClick={() => send({ type: 'week.current' })}>
          This week
        </SecondaryButton>
        <SecondaryButton type="button" disabled={week === null} onClick={() => send({ type: 'week.next' })}>
          Next week
        </SecondaryButton>
      </WeekBar>
      <div aria-live="polite">{range && <h3 id={weekId}>{range}</h3>}</div>
      {loading && week === null && <Note role="status">Loading the on-call periods…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'week.reload' })} />}
      {week !== null && week.periods.length === 0 && <Note>{NO_PERIODS_TEXT}</Note>}
      {week !== null && week.periods.length > 0 && (
        <PeriodsTable caption={`On-call periods, ${range} (times in ${timeZone})`} busy={loading}>
          <thead>
            <tr>
              <th scope="col">Days</th>
              <th scope="col">Start</th>
              <th scope="col">End</th>
              {canWrite && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {week.periods.map((period) => {
              const times = displayPeriod(period, timeZone);
              return (
                <tr key={period.on_call_period_id}>
                  <th scope="row">{periodDays(period, timeZone)}</th>
                  <td>{displayTime(period.start_date, timeZone)}</td>
                  <td>{displayTime(period.end_date, timeZone)}</td>
                  {canWrite && (
                    <td>
                      <RowActions>
                        <SecondaryButton type="button" onClick={() => send({ type: 'period.edit', period })}>
                          Edit<VisuallyHidden> the period from {times}</VisuallyHidden>
                        </SecondaryButton>
                        <SecondaryButton
                          type="button"
                          disabled={removing !== null}
                          aria-busy={removing?.on_call_period_id === period.on_call_period_id || undefined}
                          onClick={() => confirmRemove(period)}
                        >
                          Delete<VisuallyHidden> the period from {times}</VisuallyHidden>
                        </SecondaryButton>
                      </RowActions>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </PeriodsTable>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: 12px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }

  h3 {
    margin: 0;
    font-size: 1.0625rem;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;

const WeekBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const PeriodsTable = styled(DataTable)`
  td,
  th[scope='row'] {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;
