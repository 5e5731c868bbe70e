import type { ChangeCustomerGroupResponse, CustomerGroupDto } from '@beacon/contracts';
import { assign, fromPromise, not, raise, setup, type SnapshotFrom } from 'xstate';
import { errorText, formErrors } from '../../../api/api-error';
import { DEFAULT_TIMINGS } from '../../../app/timings';
import { canMove } from '../customer-group-tree';
import type { CreateCustomerGroupRequest, MoveCustomerGroupRequest, RenameCustomerGroupRequest } from '../datasets-api';
import { groupNameErrors, type NameDraft } from '../group-name';

/** A parent change the user chose and has not yet confirmed or cancelled. */
export interface PendingMove {
  groupId: string;
  parentId: string;
}

export interface DatasetsContext {
  /** The groups in the user's reach as last loaded; null until the first load answers. */
  groups: CustomerGroupDto[] | null;
  /** Why the last load failed, in the user's words. */
  loadError: string | null;
  /** The group a child is created under, or the group renamed. */
  targetId: string | null;
  draft: NameDraft;
  pendingMove: PendingMove | null;
  closeAnimationMs: number;
}

export interface DatasetsInput {
  /** How long a dialog takes to close (the app's timings; spec part 2 §9: 300 ms). */
  closeAnimationMs?: number;
}

export type DatasetsEvent =
  /** Load the groups again (Try again, or a live update says they changed). */
  | { type: 'datasets.reload' }
  | { type: 'datasets.create'; parentId: string }
  | { type: 'datasets.rename'; groupId: string }
  | { type: 'datasets.name.change'; name: string }
  | { type: 'datasets.name.save' }
  | { type: 'datasets.name.cancel' }
  /** The user confirmed the deletion. */
  | { type: 'datasets.delete'; groupId: string }
  /** "Move to…" then a target: the parent is pending until confirmed. */
  | { type: 'datasets.move.choose'; groupId: string; parentId: string }
  | { type: 'datasets.move.confirm' }
  | { type: 'datasets.move.cancel' };

/** The machine only names its side effects; the screen provides them and tests stub them. */
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`datasets implementation "${name}" was not provided`)));
}

const NO_DRAFT: NameDraft = { name: '', touched: false, serverErrors: [] };

const nameOf = (context: DatasetsContext, id: string | null | undefined) => context.groups?.find((group) => group.id === id)?.name ?? '';

const movedText = (context: DatasetsContext) =>
  `Customer group “${nameOf(context, context.pendingMove?.groupId)}” moved under “${nameOf(context, context.pendingMove?.parentId)}”.`;

/** A refused or failed call in the user's words: the spec's text for a 500, else the server's message. */
const failure = ({ event }: { event: { error: unknown } }) => ({ text: errorText(event.error) });

/**
 * The datasets screen (spec part 2 §2, §4): the customer groups in the user's reach, and one change
 * at a time to them: create a child group, rename, delete, or move under another parent through a
 * pending-parent step. After each change the list reloads, and a live update reloads it too; a
 * reload asked for while one is under way starts again, so the latest answer is the one shown.
 */
export const datasetsMachine = setup({
  types: {
    context: {} as DatasetsContext,
    events: {} as DatasetsEvent,
    input: {} as DatasetsInput | undefined,
  },
  delays: {
    closeAnimation: ({ context }) => context.closeAnimationMs,
  },
  actors: {
    loadGroups: providedPromise<CustomerGroupDto[], void>('loadGroups'),
    createGroup: providedPromise<CustomerGroupDto, CreateCustomerGroupRequest>('createGroup'),
    renameGroup: providedPromise<ChangeCustomerGroupResponse, RenameCustomerGroupRequest>('renameGroup'),
    deleteGroup: providedPromise<void, { id: string }>('deleteGroup'),
    moveGroup: providedPromise<ChangeCustomerGroupResponse, MoveCustomerGroupRequest>('moveGroup'),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {
      throw new Error('datasets implementation "notifySuccess" was not provided');
    },
    notifyFailure: (_, _params: { text: string }) => {
      throw new Error('datasets implementation "notifyFailure" was not provided');
    },
    reload: raise({ type: 'datasets.reload' }),
    openDraft: assign((_, { targetId, name }: { targetId: string; name: string }) => ({ targetId, draft: { ...NO_DRAFT, name } })),
    typeName: assign((_, { name }: { name: string }) => ({ draft: { name, touched: true, serverErrors: [] } })),
    touchName: assign(({ context }) => ({ draft: { ...context.draft, touched: true } })),
    keepNameErrors: assign(({ context }, { error }: { error: unknown }) => ({
      draft: { ...context.draft, serverErrors: formErrors(error, ['name']).fields.name ?? [] },
    })),
    closeDraft: assign({ targetId: null, draft: NO_DRAFT }),
  },
  guards: {
    hasGroups: ({ context }) => context.groups !== null,
    nameIsValid: ({ context }) => groupNameErrors(context.draft.name).length === 0,
    pendingMoveStillPossible: ({ context }) =>
      context.pendingMove !== null && context.groups !== null && canMove(context.groups, context.pendingMove.groupId, context.pendingMove.parentId),
    isMovePossible: ({ context }, { groupId, parentId }: PendingMove) => context.groups !== null && canMove(context.groups, groupId, parentId),
  },
}).createMachine({
  id: 'datasets',
  type: 'parallel',
  context: ({ input }) => ({
    groups: null,
    loadError: null,
    targetId: null,
    draft: NO_DRAFT,
    pendingMove: null,
    closeAnimationMs: input?.closeAnimationMs ?? DEFAULT_TIMINGS.closeAnimationMs,
  }),
  states: {
    list: {
      initial: 'loading',
      // Each state takes the reload itself: a reload handled by `list` would re-enter the whole
      // machine, and so end a change under way in `edit`.
      states: {
        loading: {
          on: { 'datasets.reload': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadGroups',
            onDone: { target: 'loaded', actions: assign({ groups: ({ event }) => event.output, loadError: null }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
          },
        },
        loaded: { on: { 'datasets.reload': 'reloading' } },
        /** The groups shown stay on screen while they load again. */
        reloading: {
          on: { 'datasets.reload': { target: 'reloading', reenter: true } },
          invoke: {
            src: 'loadGroups',
            onDone: { target: 'loaded', actions: assign({ groups: ({ event }) => event.output, loadError: null }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
          },
        },
        failed: {
          on: {
            'datasets.reload': [{ guard: 'hasGroups', target: 'reloading' }, { target: 'loading' }],
          },
        },
      },
    },
    edit: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'datasets.create': {
              guard: 'hasGroups',
              target: 'creating',
              actions: { type: 'openDraft', params: ({ event }) => ({ targetId: event.parentId, name: '' }) },
            },
            'datasets.rename': {
              guard: 'hasGroups',
              target: 'renaming',
              actions: {
                type: 'openDraft',
                params: ({ context, event }) => ({ targetId: event.groupId, name: nameOf(context, event.groupId) }),
              },
            },
            'datasets.delete': {
              guard: 'hasGroups',
              target: 'deleting',
              actions: assign({ targetId: ({ event }) => event.groupId }),
            },
            'datasets.move.choose': {
              guard: { type: 'isMovePossible', params: ({ event }) => ({ groupId: event.groupId, parentId: event.parentId }) },
              target: 'pendingParent',
              actions: assign({ pendingMove: ({ event }) => ({ groupId: event.groupId, parentId: event.parentId }) }),
            },
          },
        },
        creating: {
          initial: 'editing',
          exit: 'closeDraft',
          states: {
            editing: {
              on: {
                'datasets.name.change': { actions: { type: 'typeName', params: ({ event }) => ({ name: event.name }) } },
                'datasets.name.save': [{ guard: 'nameIsValid', target: 'saving' }, { actions: 'touchName' }],
                'datasets.name.cancel': 'closing',
              },
            },
            /** The dialog animates out (spec part 2 §9), showing what it held. */
            closing: { after: { closeAnimation: '#datasets.edit.idle' } },
            saving: {
              invoke: {
                src: 'createGroup',
                input: ({ context }) => ({ name: context.draft.name.trim(), parent: context.targetId ?? '' }),
                onDone: {
                  target: 'closing',
                  actions: [
                    { type: 'notifySuccess', params: ({ context }) => ({ text: `Customer group “${context.draft.name.trim()}” created.` }) },
                    'reload',
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [{ type: 'keepNameErrors', params: ({ event }) => ({ error: event.error }) }, { type: 'notifyFailure', params: failure }],
                },
              },
            },
          },
        },
        renaming: {
          initial: 'editing',
          exit: 'closeDraft',
          states: {
            editing: {
              on: {
                'datasets.name.change': { actions: { type: 'typeName', params: ({ event }) => ({ name: event.name }) } },
                'datasets.name.save': [{ guard: 'nameIsValid', target: 'saving' }, { actions: 'touchName' }],
                'datasets.name.cancel': 'closing',
              },
            },
            /** The dialog animates out (spec part 2 §9), showing what it held. */
            closing: { after: { closeAnimation: '#datasets.edit.idle' } },
            saving: {
              invoke: {
                src: 'renameGroup',
                input: ({ context }) => ({ id: context.targetId ?? '', name: context.draft.name.trim() }),
                onDone: {
                  target: 'closing',
                  actions: [
                    { type: 'notifySuccess', params: ({ context }) => ({ text: `Customer group renamed to “${context.draft.name.trim()}”.` }) },
                    'reload',
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [{ type: 'keepNameErrors', params: ({ event }) => ({ error: event.error }) }, { type: 'notifyFailure', params: failure }],
                },
              },
            },
          },
        },
        deleting: {
          invoke: {
            src: 'deleteGroup',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifySuccess', params: ({ context }) => ({ text: `Customer group “${nameOf(context, context.targetId)}” deleted.` }) },
                assign({ targetId: null }),
                'reload',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailure', params: failure }, assign({ targetId: null })],
            },
          },
        },
        /** A new parent is chosen and shown; nothing is sent until the user confirms. */
        pendingParent: {
          // Another admin's change (a live update) can make the pending move impossible.
          always: { guard: not('pendingMoveStillPossible'), target: 'idle', actions: assign({ pendingMove: null }) },
          on: {
            'datasets.move.choose': {
              guard: { type: 'isMovePossible', params: ({ event }) => ({ groupId: event.groupId, parentId: event.parentId }) },
              actions: assign({ pendingMove: ({ event }) => ({ groupId: event.groupId, parentId: event.parentId }) }),
            },
            'datasets.move.confirm': { guard: 'pendingMoveStillPossible', target: 'moving' },
            'datasets.move.cancel': { target: 'idle', actions: assign({ pendingMove: null }) },
          },
        },
        moving: {
          invoke: {
            src: 'moveGroup',
            input: ({ context }) => ({ id: context.pendingMove?.groupId ?? '', parent: context.pendingMove?.parentId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifySuccess', params: ({ context }) => ({ text: movedText(context) }) },
                assign({ pendingMove: null }),
                'reload',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailure', params: failure }, assign({ pendingMove: null })],
            },
          },
        },
      },
    },
  },
});

export type DatasetsSnapshot = SnapshotFrom<typeof datasetsMachine>;
