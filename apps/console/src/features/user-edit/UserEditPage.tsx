import { canAccessRoute, consoleRoute, routePageName, type ConsoleRouteKey, type UserDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useCallback, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { useDialog, useSnackbar } from '../../feedback/use-feedback';
import { useLiveResource } from '../../live/live-resource';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { administersUsers, lockedRolesOf, settingsOfGroup, userEditAccess } from '../../navigation/user-administration';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { SectionTabs } from '../../shared-ui/SectionTabs';
import { AccountActions } from './components/AccountActions';
import { FieldsForm } from './components/FieldsForm';
import { SettingsForm } from './components/SettingsForm';
import type { FormCalls } from './fields-form';
import { UserOnCallTab } from './on-call/UserOnCallTab';
import { USERS_LIVE_RESOURCE, userEditApi } from './user-edit-api';
import { sectionPath, USER_SECTIONS } from './user-edit-sections';
import { userEditLogic } from './user-edit.implementations';

export const LEAVE_UNSAVED_TEXT = 'Your changes are not saved. Leave this page without saving them?';
export const GONE_TEXT = 'This user no longer exists: they were deleted, or moved out of your reach.';
export const READ_ONLY_TEXT = "Only an admin can change this user: they are an admin, or their role is locked in their customer group.";

/** A user's edit screens (profile-edit rule): one screen for every tab, so moving between tabs keeps the page. */
export default function UserEditScreen({ routeKey }: { readonly routeKey: ConsoleRouteKey }) {
  const { id = '' } = useParams();
  return <UserEditPage key={id} id={id} routeKey={routeKey} />;
}

const fullName = (user: UserDto) => `${user.first_name} ${user.last_name}`.trim();

/**
 * Edit a user (spec part 2 §2): their name as the heading, the tabs Devices, Data, Settings and On
 * call, and the tab of the route. What the viewer may change follows the server's rules: everything
 * (admins; data users but for admins and locked roles), their own profile (users editing themselves),
 * or nothing (shown, not changed). Another admin's change shows at once (live updates).
 */
function UserEditPage({ id, routeKey }: { id: string; routeKey: ConsoleRouteKey }) {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const navigate = useNavigate();
  const viewer = useAccessSubject();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const titleId = useId();
  const unsaved = useRef(false);
  const reportUnsaved = useCallback((now: boolean) => {
    unsaved.current = now;
  }, []);
  const [calls] = useState(() => userEditApi(api));
  const [logic] = useState(() => userEditLogic({ api: calls, userId: id, notify: (text, type) => snackbar.show(text, type) }));
  const [snapshot, send] = useMachine(logic, { input: { canManageEmail: administersUsers(viewer) } });
  const { user, groups, loadError, suppression, action } = snapshot.context;
  const latestGroups = useRef(groups);
  latestGroups.current = groups;

  useLiveResource(USERS_LIVE_RESOURCE, (update) => {
    if (update.id === id) send({ type: 'user.reload' });
  });

  const formCalls = useMemo<FormCalls>(
    () => ({
      api: calls,
      dialCodeOf: (groupId) => settingsOfGroup(latestGroups.current.find((group) => group.id === groupId)).country_code.dial_code,
      notify: (text, type) => snackbar.show(text, type),
      onSaved: (saved) => send({ type: 'user.saved', user: saved }),
    }),
    [calls, snackbar, send],
  );

  /** Leaving a form with unsaved changes through the page's own links asks first. */
  const confirmLeaving = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, to: string) => {
      if (!unsaved.current) return;
      event.preventDefault();
      dialog.alert({
        message: LEAVE_UNSAVED_TEXT,
        acceptText: 'Leave',
        declineText: 'Stay',
        onAccept: () => {
          unsaved.current = false;
          navigate(to);
        },
      });
    },
    [dialog, navigate],
  );

  const listPath = consoleRoute('users').path;
  const access = user ? userEditAccess(viewer, user, lockedRolesOf(groups.find((group) => group.id === user.customer_group))) : 'none';
  const tabs = USER_SECTIONS.map(({ routeKey: key, label }) => ({
    key,
    label,
    to: sectionPath(key, id),
    current: key === routeKey ? ('page' as const) : undefined,
  }));

  return (
    <Page aria-labelledby={titleId}>
      {canAccessRoute('users', viewer) && (
        <BackLink to={listPath} onClick={(event) => confirmLeaving(event, listPath)}>
          Manage Users
        </BackLink>
      )}
      {/* The page's name until the user's is known. */}
      <h1 id={titleId}>{user ? fullName(user) : routePageName('users.edit')}</h1>
      {snapshot.matches({ data: 'loading' }) && <Note role="status">Loading the user…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'user.retry' })} />}
      {snapshot.matches({ data: 'gone' }) && <Gone role="alert">{GONE_TEXT}</Gone>}
      {user !== null && !snapshot.matches({ data: 'gone' }) && (
        <>
          <Note>{user.email}</Note>
          <SectionTabs label="User sections" tabs={tabs} onFollow={confirmLeaving} />
          {access === 'none' && <Note role="note">{READ_ONLY_TEXT}</Note>}
          {routeKey === 'users.edit.devices' && (
            <FieldsForm key="devices" kind="devices" user={user} calls={formCalls} readOnly={access === 'none'} reportUnsaved={reportUnsaved} />
          )}
          {routeKey === 'users.edit.data' && (
            <FieldsForm key="data" kind="data" user={user} calls={formCalls} readOnly={access === 'none'} reportUnsaved={reportUnsaved} />
          )}
          {routeKey === 'users.edit.settings' && (
            <>
              <SettingsForm user={user} viewer={viewer} access={access} groups={groups} calls={formCalls} reportUnsaved={reportUnsaved} />
              {administersUsers(viewer) && access !== 'none' && (
                <AccountActions
                  user={user}
                  isAdmin={viewer.customerPermission === 'ADMIN'}
                  managesEmail={administersUsers(viewer)}
                  suppression={suppression}
                  suppressionFailed={snapshot.matches({ suppression: 'failed' })}
                  running={action}
                  timeZone={timeZone}
                  onAction={(next) => send({ type: 'user.action', action: next })}
                />
              )}
            </>
          )}
          {routeKey === 'users.edit.onCall' && <UserOnCallTab user={user} groups={groups} reportUnsaved={reportUnsaved} />}
        </>
      )}
    </Page>
  );
}

/* The text colour, underlined: the (brandable) highlight on the page background is below 4.5:1. */
const BackLink = styled(Link)`
  justify-self: start;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: underline;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const Gone = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;
