import type { CustomerGroupDto } from '@beacon/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { Note } from '../../../shared-ui/page-layout';
import type { GroupNode } from '../customer-group-tree';
import { MoveMenu } from './MoveMenu';

interface SelectedGroupActionsProps {
  group: CustomerGroupDto;
  editPath: string;
  moveTargets: readonly GroupNode[];
  /** Another change is under way: only one at a time. */
  busy: boolean;
  /** The parent-change menu stays open to a new choice while a move is pending. */
  canChooseParent: boolean;
  onCreate: () => void;
  onRename: () => void;
  onDelete: () => void;
  onChooseParent: (parentId: string) => void;
}

/** What can be done to the group selected in the tree. */
export function SelectedGroupActions({ group, editPath, moveTargets, busy, canChooseParent, onCreate, onRename, onDelete, onChooseParent }: SelectedGroupActionsProps) {
  const headingId = useId();
  const isRoot = group.parent === null;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{group.name}</h2>
      <Link to={editPath}>Edit dataset settings</Link>
      <Buttons role="group" aria-label={`Change “${group.name}”`}>
        <PrimaryButton type="button" disabled={busy} onClick={onCreate}>
          Add child group
        </PrimaryButton>
        <SecondaryButton type="button" disabled={busy} onClick={onRename}>
          Rename
        </SecondaryButton>
        <MoveMenu groupName={group.name} targets={moveTargets} disabled={!canChooseParent} onChoose={onChooseParent} />
        <SecondaryButton type="button" disabled={busy || isRoot} onClick={onDelete}>
          Delete
        </SecondaryButton>
      </Buttons>
      {isRoot && <Note>The root group cannot be moved or deleted.</Note>}
      {!isRoot && moveTargets.length === 0 && <Note>There is no other group in your reach to move it under.</Note>}
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: 12px;
  align-content: start;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }

  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-start;
`;
