import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { errorSummary, type IncidentCallError } from '../../../api/incident-errors';
import { ErrorMessages, ItemButton, VisuallyHidden } from './controls';

/** A tab's heading with its main action (Add …) beside it. */
export function TabHeader({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <HeaderRow>
      <h2 id={id}>{title}</h2>
      {children}
    </HeaderRow>
  );
}

/** Completes a short button text ("Edit") with the item it acts on, for assistive technology. */
export function ItemName({ name }: { name: string }) {
  return <VisuallyHidden> {name}</VisuallyHidden>;
}

interface ItemActionProps {
  /** The item's name, completing the buttons' texts for assistive technology. */
  name: string;
  /** A change is being saved: no other may start. */
  busy: boolean;
}

/** Deletes one item of a list (after the screen's own confirmation). */
export function DeleteItemButton({ name, busy, onDelete }: ItemActionProps & { onDelete: () => void }) {
  return (
    <ItemButton type="button" data-danger="true" disabled={busy} onClick={onDelete}>
      Delete<ItemName name={name} />
    </ItemButton>
  );
}

/** Edit in place and Delete of one item; focus comes back to Edit (`edit-{id}`) when its editor closes. */
export function EditDeleteActions({ id, name, busy, onEdit, onDelete }: ItemActionProps & { id: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <ItemActions>
      <ItemButton type="button" data-focus-return={`edit-${id}`} disabled={busy} onClick={onEdit}>
        Edit<ItemName name={name} />
      </ItemButton>
      <DeleteItemButton name={name} busy={busy} onDelete={onDelete} />
    </ItemActions>
  );
}

/** A load that failed, with the way to try again. */
export function LoadFailure({ error, onRetry }: { error: IncidentCallError; onRetry: () => void }) {
  return (
    <FailureRow>
      <ErrorMessages messages={[errorSummary(error)]} />
      <SecondaryButton type="button" onClick={onRetry}>
        Try again
      </SecondaryButton>
    </FailureRow>
  );
}

export const TabSection = styled.section`
  display: grid;
  gap: 16px;
`;

/** One item of a list as shown when it is not being edited: its name and details, then its actions. */
export const ItemSummary = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  justify-content: space-between;
`;

export const ItemDetails = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;

  a {
    padding: 4px 10px;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.highlight};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 4px;
    text-decoration: none;
  }

  a:hover {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }
`;

const HeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const FailureRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
`;
