import type { UserListItemDto, UserListSortKey } from '@beacon/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { ROLE_NAMES } from '../../../formatting/role-names';
import { DataTable } from '../../../shared-ui/DataTable';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import type { UsersQuery } from '../users-query';

/** What the viewer may do with one user of the list. */
export interface RowActions {
  /** Where their page is, when the viewer may open it. */
  editPath: string | null;
  canDelete: boolean;
}

interface UsersTableProps {
  caption: string;
  users: readonly UserListItemDto[];
  query: UsersQuery;
  groupName: (id: string) => string;
  timeZone: string;
  /** The next page is loading; these rows are about to be replaced. */
  busy: boolean;
  actionsOf: (user: UserListItemDto) => RowActions;
  /** Some row has an action: the table has an Actions column. */
  hasActions: boolean;
  deletingId: string | null;
  onSort: (sortBy: UserListSortKey) => void;
  onDelete: (user: UserListItemDto) => void;
}

const fullName = (user: UserListItemDto) => `${user.first_name} ${user.last_name}`.trim();

/** The users of a page, with headers that sort by their column (again: the other way round). */
export function UsersTable({ caption, users, query, groupName, timeZone, busy, actionsOf, hasActions, deletingId, onSort, onDelete }: UsersTableProps) {
  const sortable = (key: UserListSortKey, label: string) => <SortHeader sortKey={key} label={label} query={query} onSort={onSort} />;
  return (
    <Table caption={caption} busy={busy}>
      <thead>
        <tr>
          {sortable('last_name', 'Last name')}
          {sortable('first_name', 'First name')}
          {sortable('email', 'Email')}
          {sortable('customer_permission', 'Role')}
          <th scope="col">Customer group</th>
          {sortable('last_activity', 'Last activity')}
          <th scope="col">Active</th>
          {hasActions && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const actions = actionsOf(user);
          return (
            <tr key={user.id}>
              <td>{user.last_name}</td>
              <td>{user.first_name}</td>
              <td>{user.email}</td>
              <td>{ROLE_NAMES[user.customer_permission]}</td>
              <td>{groupName(user.customer_group)}</td>
              <td>{user.last_activity ? <time dateTime={user.last_activity}>{formatDateTime(user.last_activity, timeZone)}</time> : 'Never'}</td>
              <td>{user.is_active ? 'Yes' : 'No'}</td>
              {hasActions && (
                <td>
                  <RowButtons>
                    {actions.editPath && (
                      <Link to={actions.editPath}>
                        Edit<VisuallyHidden> {fullName(user)}</VisuallyHidden>
                      </Link>
                    )}
                    {actions.canDelete && (
                      <DeleteButton type="button" disabled={deletingId !== null} onClick={() => onDelete(user)}>
                        {deletingId === user.id ? 'Deleting…' : 'Delete'}
                        <VisuallyHidden> {fullName(user)}</VisuallyHidden>
                      </DeleteButton>
                    )}
                  </RowButtons>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

interface SortHeaderProps {
  sortKey: UserListSortKey;
  label: string;
  query: UsersQuery;
  onSort: (sortBy: UserListSortKey) => void;
}

function SortHeader({ sortKey, label, query, onSort }: SortHeaderProps) {
  const current = query.sortBy === sortKey;
  const direction = current ? (query.descending ? 'descending' : 'ascending') : undefined;
  return (
    <th scope="col" aria-sort={direction}>
      <SortButton type="button" onClick={() => onSort(sortKey)}>
        {label}
        <Arrow aria-hidden="true">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</Arrow>
      </SortButton>
    </th>
  );
}

const Table = styled(DataTable)`
  td:nth-child(6) {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }

  td a {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const SortButton = styled.button`
  display: inline-flex;
  gap: 6px;
  align-items: center;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: inherit;
  background: none;
  border: none;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const Arrow = styled.span`
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const RowButtons = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
`;

/* The text colour: a (brandable) highlight may be too light for text on white. */
const DeleteButton = styled.button`
  padding: 2px 8px;
  font: inherit;
  color: ${({ theme }) => theme.colors.error};
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }

  &:disabled {
    cursor: default;
    opacity: 0.6;
  }
`;
