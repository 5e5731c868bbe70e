import { consoleRoute, type CustomerGroupDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { generatePath, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { FeedbackContext } from '../../feedback/feedback-context';
import { selectCloseAnimationMs } from '../../feedback/feedback.selectors';
import { useDialog, useSnackbar } from '../../feedback/use-feedback';
import { useLiveResource } from '../../live/live-resource';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { CustomerGroupTree } from './components/CustomerGroupTree';
import { GroupNameDialog } from './components/GroupNameDialog';
import { SelectedGroupActions } from './components/SelectedGroupActions';
import { customerGroupTree, moveTargets } from './customer-group-tree';
import { CUSTOMER_GROUPS_LIVE_RESOURCE, datasetsApi } from './datasets-api';
import { datasetsLogic } from './datasets.implementations';
import { draftErrors } from './group-name';
import type { DatasetsEvent, DatasetsSnapshot } from './machines/datasets.machine';

const editPath = (id: string) => generatePath(consoleRoute('datasets.edit').path, { id });

/** The group the user picked, and its parent to fall back on once it is gone (deleted). */
interface Selection {
  id: string;
  parent: string | null;
}

/**
 * Manage Datasets (admins): the customer groups in the admin's reach as a tree, and for the group
 * selected in it: add a child group, rename, move under another parent (confirmed in a second
 * step), delete, or open its settings. The list reloads after each change and whenever another
 * admin changes a group (live updates).
 */
export default function DatasetsPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const navigate = useNavigate();
  const closeAnimationMs = FeedbackContext.useSelector(selectCloseAnimationMs);
  const [logic] = useState(() => datasetsLogic({ api: datasetsApi(api), notify: (text, type) => snackbar.show(text, type) }));
  const [snapshot, send] = useMachine(logic, { input: { closeAnimationMs } });
  const [selection, setSelection] = useState<Selection | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  useLiveResource(CUSTOMER_GROUPS_LIVE_RESOURCE, () => send({ type: 'datasets.reload' }));

  const { groups, loadError, pendingMove } = snapshot.context;
  const tree = useMemo(() => customerGroupTree(groups ?? []), [groups]);
  const selected = selectedGroup(groups ?? [], selection) ?? tree[0]?.group;
  const idle = snapshot.matches({ edit: 'idle' });
  const nameOf = (id: string) => groups?.find((group) => group.id === id)?.name ?? '';

  const select = (id: string) => setSelection({ id, parent: groups?.find((group) => group.id === id)?.parent ?? null });
  const setExpanded = (id: string, expanded: boolean) =>
    setCollapsed((was) => {
      const next = new Set(was);
      if (expanded) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmDelete = (group: CustomerGroupDto) =>
    dialog.alert({
      message: `Delete the customer group “${group.name}”? This cannot be undone.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'datasets.delete', groupId: group.id }),
    });

  return (
    <Page aria-labelledby="datasets-title">
      <h1 id="datasets-title">Manage Datasets</h1>
      {snapshot.matches({ list: 'loading' }) && <Note role="status">Loading customer groups…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'datasets.reload' })} />}
      {groups !== null && groups.length === 0 && <Note>There are no customer groups to show.</Note>}
      <PendingMove role="status">
        {pendingMove && (
          <p>
            “{nameOf(pendingMove.groupId)}” will move under “{nameOf(pendingMove.parentId)}”
            {groups?.some((group) => group.parent === pendingMove.groupId) ? ', with its child groups' : ''}. Confirm to move it.
          </p>
        )}
      </PendingMove>
      {pendingMove && (
        <PendingActions role="group" aria-label="Pending move">
          <PrimaryButton type="button" aria-disabled={snapshot.matches({ edit: 'moving' })} onClick={() => send({ type: 'datasets.move.confirm' })}>
            {snapshot.matches({ edit: 'moving' }) ? 'Moving…' : 'Confirm move'}
          </PrimaryButton>
          <SecondaryButton type="button" disabled={snapshot.matches({ edit: 'moving' })} onClick={() => send({ type: 'datasets.move.cancel' })}>
            Cancel move
          </SecondaryButton>
        </PendingActions>
      )}
      {tree.length > 0 && selected && (
        <Columns>
          <div>
            <h2 id="datasets-tree-title">Customer groups</h2>
            <CustomerGroupTree
              tree={tree}
              labelledBy="datasets-tree-title"
              selectedId={selected.id}
              collapsed={collapsed}
              onSelect={select}
              onExpandedChange={setExpanded}
              onOpen={(id) => navigate(editPath(id))}
              editPath={editPath}
              busy={snapshot.matches({ list: 'reloading' })}
            />
          </div>
          <SelectedGroupActions
            group={selected}
            editPath={editPath(selected.id)}
            moveTargets={moveTargets(groups ?? [], selected.id)}
            busy={!idle}
            canChooseParent={idle || snapshot.matches({ edit: 'pendingParent' })}
            onCreate={() => {
              setExpanded(selected.id, true);
              send({ type: 'datasets.create', parentId: selected.id });
            }}
            onRename={() => send({ type: 'datasets.rename', groupId: selected.id })}
            onDelete={() => confirmDelete(selected)}
            onChooseParent={(parentId) => send({ type: 'datasets.move.choose', groupId: selected.id, parentId })}
          />
        </Columns>
      )}
      <NameDialog snapshot={snapshot} nameOf={nameOf} send={send} animationMs={closeAnimationMs} />
    </Page>
  );
}

function selectedGroup(groups: readonly CustomerGroupDto[], selection: Selection | null): CustomerGroupDto | undefined {
  if (!selection) return undefined;
  return groups.find((group) => group.id === selection.id) ?? groups.find((group) => group.id === selection.parent);
}

interface NameDialogProps {
  snapshot: DatasetsSnapshot;
  nameOf: (id: string) => string;
  send: (event: DatasetsEvent) => void;
  animationMs: number;
}

/** The create or rename dialog, while the machine is in one of those steps (closing included). */
function NameDialog({ snapshot, nameOf, send, animationMs }: NameDialogProps) {
  const creating = snapshot.matches({ edit: 'creating' });
  if (!creating && !snapshot.matches({ edit: 'renaming' })) return null;
  const { draft, targetId } = snapshot.context;
  const target = nameOf(targetId ?? '');
  return (
    <GroupNameDialog
      title={creating ? `New child group of “${target}”` : `Rename “${target}”`}
      buttonText={creating ? 'Create' : 'Rename'}
      name={draft.name}
      errors={draftErrors(draft)}
      saving={snapshot.matches({ edit: { creating: 'saving' } }) || snapshot.matches({ edit: { renaming: 'saving' } })}
      closing={snapshot.matches({ edit: { creating: 'closing' } }) || snapshot.matches({ edit: { renaming: 'closing' } })}
      animationMs={animationMs}
      onChange={(name) => send({ type: 'datasets.name.change', name })}
      onSave={() => send({ type: 'datasets.name.save' })}
      onCancel={() => send({ type: 'datasets.name.cancel' })}
    />
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  gap: 16px;
  align-items: start;

  h2 {
    margin: 0 0 8px;
    font-size: 1.125rem;
  }

  @media (max-width: ${({ theme }) => theme.narrowScreenPx - 1}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const PendingMove = styled.div`
  p {
    margin: 0;
    padding: 12px 16px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-left: 4px solid ${({ theme }) => theme.colors.highlight};
    border-radius: ${({ theme }) => theme.radiusPx}px;
  }
`;

const PendingActions = styled.div`
  display: flex;
  gap: 8px;
`;
