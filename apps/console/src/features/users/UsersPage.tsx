import { canAccessRoute, consoleRoute, type UserListItemDto, type UserListSortKey } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { generatePath, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { useDialog, useSnackbar } from '../../feedback/use-feedback';
import { useLiveResource } from '../../live/live-resource';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { administersUsers, lockedRolesOf, mayDeleteUser } from '../../navigation/user-administration';
import { SessionContext } from '../../session/session-context';
import { selectCustomerGroup, selectTimezone } from '../../session/session.selectors';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { Pager } from '../../shared-ui/Pager';
import { addUserLogic } from './add-user.implementations';
import { AddUserForm } from './components/AddUserForm';
import { UsersFilters } from './components/UsersFilters';
import { UsersTable, type RowActions } from './components/UsersTable';
import { groupOptions } from './customer-group-options';
import { displayName, groupOf } from './machines/users.machine';
import { USERS_LIVE_RESOURCE, usersApi } from './users-api';
import { usersLogic } from './users.implementations';
import { PAGE_SIZES, queryFromSearchParams, searchParamsFromQuery, type PageSize, type UsersQuery } from './users-query';

const editPath = (id: string) => generatePath(consoleRoute('users.edit').path, { id });

const SORT_NAMES: Record<UserListSortKey, string> = {
  last_name: 'last name',
  first_name: 'first name',
  email: 'email',
  customer_permission: 'role',
  last_activity: 'last activity',
};

/**
 * Manage Users (spec part 2 §2: admins, operators, senders and data users): a customer group's users,
 * filtered, searched, sorted and paged, exported as CSV or XLSX. Admins and data users add users and
 * delete them; operators and senders read the list. The query lives in the URL, and the list reloads
 * whenever any user in reach changes (live updates).
 */
export default function UsersPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const navigate = useNavigate();
  const viewer = useAccessSubject();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const ownGroupId = SessionContext.useSelector(selectCustomerGroup)?.id ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(searchParams), [searchParams]);
  const canReadFields = viewer.customerPermission === 'ADMIN' || viewer.customerPermission === 'OPERATOR';
  const [services] = useState(() => {
    const calls = usersApi(api);
    const notify = (text: string, type: 'default' | 'error') => snackbar.show(text, type);
    return {
      list: usersLogic({ api: calls, notify, replaceQuery: (next) => setSearchParams(searchParamsFromQuery(next), { replace: true }) }),
      add: addUserLogic({ api: calls, notify, openUser: (id) => navigate(editPath(id)) }),
    };
  });
  const [snapshot, send] = useMachine(services.list, { input: { query, ownGroupId, canReadFields } });
  const [adding, sendAdding] = useMachine(services.add, { input: { canReadFields: viewer.customerPermission === 'ADMIN', fallbackTimeZone: timeZone } });
  const addButton = useRef<HTMLButtonElement>(null);
  const addWasOpen = useRef(false);

  useEffect(() => send({ type: 'users.query', query }), [query, send]);
  useLiveResource(USERS_LIVE_RESOURCE, () => send({ type: 'users.reload' }));

  const addOpen = adding.matches('open');
  // Closing the form (Cancel) gives the keyboard back to the button that opened it.
  useEffect(() => {
    if (!addOpen && addWasOpen.current) addButton.current?.focus();
    addWasOpen.current = addOpen;
  }, [addOpen]);

  const { page, error, groups, fields, deleting } = snapshot.context;
  const groupId = groupOf(snapshot.context);
  const options = useMemo(() => groupOptions(groups), [groups]);
  const loading = snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'retrying' });
  const exporting = snapshot.matches({ export: 'exporting' });
  const groupName = (id: string) => groups.find((group) => group.id === id)?.name ?? (id === ownGroupId ? 'My customer group' : id);
  const locksOf = (id: string) => lockedRolesOf(groups.find((group) => group.id === id));

  const show = (next: UsersQuery) => setSearchParams(searchParamsFromQuery(next));
  const actionsOf = (user: UserListItemDto): RowActions => ({
    editPath: canAccessRoute('users.edit', viewer, { id: user.id }) ? editPath(user.id) : null,
    canDelete: mayDeleteUser(viewer, user, locksOf(user.customer_group)),
  });
  const hasActions = administersUsers(viewer) || viewer.sendVerificationEmail;
  const sort = (sortBy: UserListSortKey) => show({ ...query, sortBy, descending: query.sortBy === sortBy ? !query.descending : false, page: 1 });
  const confirmDelete = (user: UserListItemDto) =>
    dialog.alert({
      message: `Delete the user “${displayName(user)}” (${user.email})? They will no longer be able to sign in. This cannot be undone.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'users.delete', user }),
    });

  const caption = `Users of ${groupName(groupId)}${query.includeSubGroups ? ' and its sub-groups' : ''}, by ${SORT_NAMES[query.sortBy]}${
    query.descending ? ', descending' : ''
  } (times in ${timeZone})`;

  return (
    <Page aria-labelledby="users-title">
      <TitleRow>
        <h1 id="users-title">Manage Users</h1>
        <Buttons>
          <SecondaryButton type="button" aria-disabled={exporting || undefined} onClick={() => !exporting && send({ type: 'users.export', format: 'csv' })}>
            Export CSV
          </SecondaryButton>
          <SecondaryButton type="button" aria-disabled={exporting || undefined} onClick={() => !exporting && send({ type: 'users.export', format: 'xlsx' })}>
            Export XLSX
          </SecondaryButton>
          {administersUsers(viewer) && (
            <PrimaryButton
              ref={addButton}
              type="button"
              aria-expanded={addOpen}
              onClick={() => (addOpen ? sendAdding({ type: 'addUser.cancel' }) : sendAdding({ type: 'addUser.open', groups, groupId }))}
            >
              Add user
            </PrimaryButton>
          )}
        </Buttons>
      </TitleRow>
      {exporting && <Note role="status">Preparing the export…</Note>}
      {addOpen && <AddUserForm snapshot={adding} send={sendAdding} viewer={viewer} groups={options} />}
      <UsersFilters
        query={query}
        groupId={groupId}
        groups={options}
        groupsFailed={snapshot.matches({ groups: 'failed' })}
        fields={fields}
        fieldsFailed={snapshot.matches({ fields: 'failed' })}
        onChange={(patch) => show({ ...query, ...patch, page: 1 })}
      />
      {loading && page === null && <Note role="status">Loading users…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => send({ type: 'users.reload' })} />}
      {page && page.count === 0 && <Note role="status">{page.detail ?? NO_MATCHING_RESULTS_MESSAGE}</Note>}
      {page && page.data.length > 0 && (
        <UsersTable
          caption={caption}
          users={page.data}
          query={query}
          groupName={groupName}
          timeZone={timeZone}
          busy={loading}
          actionsOf={actionsOf}
          hasActions={hasActions}
          deletingId={deleting?.id ?? null}
          onSort={sort}
          onDelete={confirmDelete}
        />
      )}
      {page && (page.count > 0 || query.page > 1) && (
        <Pager
          label="User list pages"
          page={page.page_number}
          numberOfPages={page.number_of_pages}
          pageSize={query.pageSize}
          pageSizes={PAGE_SIZES}
          countText={`${page.count} ${page.count === 1 ? 'user' : 'users'}`}
          onPage={(next) => show({ ...query, page: next })}
          onPageSize={(pageSize: PageSize) => show({ ...query, pageSize, page: 1 })}
        />
      )}
    </Page>
  );
}

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;
