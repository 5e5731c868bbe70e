import { keyAtEnd, keyForMove } from '@beacon/domain';
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { IncidentCallError } from '../../../api/incident-errors';

/**
 * One list of incident settings (fields, forms, the field groups of a form, a form's rules,
 * templates): load it, then create, change, delete and reorder its items one write at a time.
 * A move shows at once and is undone, with the reason, when the server refuses it.
 */

export interface ListItem {
  id: string;
  /** The item's ordering key; lists without one (templates) are not reordered. */
  order?: string;
}

export type ListWrite = 'create' | 'update' | 'delete' | 'move';

/** Why the last load or write failed, and of which item (null for a load or a create). */
export interface ListFailure {
  kind: 'load' | ListWrite;
  id: string | null;
  error: IncidentCallError;
}

export interface Loaded<T, X> {
  items: T[];
  /** What else the screen needs, loaded with the items (the fields a rule may check, …). */
  extra: X;
}

/** The calls behind a list; each screen gives its own, tests give stubs. */
export interface SettingsListCalls<T extends ListItem, X, C, U> {
  load(): Promise<Loaded<T, X>>;
  /** `order` puts the new item after the last one (keyAtEnd). */
  create(values: C, order: string): Promise<T>;
  update(item: T, values: U): Promise<T>;
  remove(item: T): Promise<void>;
  /** Answers the moved item as it now stands. */
  move(item: T, order: string): Promise<T>;
  /** The words a failed call shows (spec §8 differs for fields and for the rest). */
  describeError(kind: ListFailure['kind'], error: unknown): IncidentCallError;
}

export type SettingsListEvent<T, C, U> =
  | { type: 'list.reload' }
  | { type: 'list.create'; values: C }
  | { type: 'list.update'; id: string; values: U }
  | { type: 'list.delete'; id: string }
  /** Move the item at `from` so that it ends up at `to` (both indexes of the list as shown). */
  | { type: 'list.move'; from: number; to: number }
  /** An item changed by another flow (its choice options), as it now stands. */
  | { type: 'list.replace'; item: T }
  /** An item another flow deleted (the delete-field flow). */
  | { type: 'list.removed'; id: string }
  | { type: 'list.dismissError' };

/** Told after every successful write, so the screen can close an editor and say it worked. */
export interface SettingsListSaved<T> {
  type: 'list.saved';
  kind: ListWrite;
  item: T;
}

export interface SettingsListContext<T, X> {
  items: T[];
  extra: X | null;
  failure: ListFailure | null;
  /** The write under way, and its item (null for a create). */
  pending: { kind: ListWrite; id: string | null } | null;
  /** The list as it was before the move under way, to put back if the server refuses it. */
  beforeMove: T[] | null;
}

const ordered = <T extends ListItem>(items: readonly T[]): T[] =>
  items.every((item) => typeof item.order === 'string')
    ? [...items].sort((a, b) => (a.order! < b.order! ? -1 : a.order! > b.order! ? 1 : 0))
    : [...items];

/** The key of an item added after the last (spec §4: an empty list gives zzzzz). */
export function orderAtEnd(items: readonly ListItem[]): string {
  const keys = [...new Set(items.map((item) => item.order).filter((key): key is string => typeof key === 'string'))].sort();
  return keyAtEnd(keys);
}

/** The list with the item at `from` moved to `to` and given `order`. */
export function movedList<T extends ListItem>(items: readonly T[], from: number, to: number, order: string): T[] {
  const rest = items.filter((_, index) => index !== from);
  rest.splice(to, 0, { ...items[from]!, order });
  return rest;
}

/**
 * The ordering key the item at `from` gets when dropped at `to` (libs/domain keyForMove); null when
 * the keys leave no room (keys the server holds twice, or none).
 */
export function moveKey(items: readonly ListItem[], from: number, to: number): string | null {
  try {
    return keyForMove(
      items.map((item) => item.order ?? ''),
      from,
      to,
    );
  } catch {
    return null;
  }
}

const isMove = (items: readonly unknown[], from: number, to: number) =>
  from !== to && Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to >= 0 && from < items.length && to < items.length;

const NO_ROOM_ERROR: IncidentCallError = {
  status: null,
  data: undefined,
  messages: ['This item cannot be moved there. Reload the page and try again.'],
  fields: {},
};

const replaced = <T extends ListItem>(items: readonly T[], changed: T): T[] =>
  items.map((item) => (item.id === changed.id ? changed : item));

export function createSettingsListMachine<T extends ListItem, X, C, U>(calls: SettingsListCalls<T, X, C, U>) {
  return setup({
    types: {
      context: {} as SettingsListContext<T, X>,
      events: {} as SettingsListEvent<T, C, U>,
      emitted: {} as SettingsListSaved<T>,
    },
    actors: {
      load: fromPromise<Loaded<T, X>>(() => calls.load()),
      create: fromPromise<T, { values: C; order: string }>(({ input }) => calls.create(input.values, input.order)),
      update: fromPromise<T, { item: T; values: U }>(({ input }) => calls.update(input.item, input.values)),
      remove: fromPromise<T, { item: T }>(async ({ input }) => {
        await calls.remove(input.item);
        return input.item;
      }),
      move: fromPromise<T, { item: T; order: string }>(({ input }) => calls.move(input.item, input.order)),
    },
    guards: {
      hasItem: ({ context }, { id }: { id: string }) => context.items.some((item) => item.id === id),
      isMove: ({ context }, { from, to }: { from: number; to: number }) => isMove(context.items, from, to),
      canMove: ({ context }, { from, to }: { from: number; to: number }) =>
        isMove(context.items, from, to) && moveKey(context.items, from, to) !== null,
    },
    actions: {
      fail: assign(({ context }, failure: ListFailure) => ({ failure, pending: null, items: context.beforeMove ?? context.items, beforeMove: null })),
      notifySaved: emit((_, saved: { kind: ListWrite; item: T }) => ({ type: 'list.saved' as const, ...saved })),
    },
  }).createMachine({
    id: 'settingsList',
    context: { items: [], extra: null, failure: null, pending: null, beforeMove: null },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ failure: null }),
        invoke: {
          src: 'load',
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => ({ items: ordered(event.output.items), extra: event.output.extra })),
          },
          onError: {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ kind: 'load', id: null, error: calls.describeError('load', event.error) }) },
          },
        },
      },
      failed: {
        on: { 'list.reload': 'loading' },
      },
      ready: {
        initial: 'idle',
        on: {
          'list.replace': {
            actions: assign(({ context, event }) => ({ items: ordered(replaced(context.items, event.item)) })),
          },
          'list.removed': {
            actions: assign(({ context, event }) => ({ items: context.items.filter((item) => item.id !== event.id) })),
          },
          'list.dismissError': { actions: assign({ failure: null }) },
        },
        states: {
          idle: {
            on: {
              'list.reload': '#settingsList.loading',
              'list.create': {
                target: 'creating',
                actions: assign({ pending: { kind: 'create', id: null }, failure: null }),
              },
              'list.update': {
                guard: { type: 'hasItem', params: ({ event }) => ({ id: event.id }) },
                target: 'updating',
                actions: assign(({ event }) => ({ pending: { kind: 'update' as const, id: event.id }, failure: null })),
              },
              'list.delete': {
                guard: { type: 'hasItem', params: ({ event }) => ({ id: event.id }) },
                target: 'deleting',
                actions: assign(({ event }) => ({ pending: { kind: 'delete' as const, id: event.id }, failure: null })),
              },
              'list.move': [
                {
                  guard: { type: 'canMove', params: ({ event }) => ({ from: event.from, to: event.to }) },
                  target: 'moving',
                },
                {
                  guard: { type: 'isMove', params: ({ event }) => ({ from: event.from, to: event.to }) },
                  actions: {
                    type: 'fail',
                    params: ({ context, event }) => ({ kind: 'move', id: context.items[event.from]?.id ?? null, error: NO_ROOM_ERROR }),
                  },
                },
              ],
            },
          },
          creating: {
            invoke: {
              src: 'create',
              input: ({ context, event }) => ({
                values: (event as Extract<SettingsListEvent<T, C, U>, { type: 'list.create' }>).values,
                order: orderAtEnd(context.items),
              }),
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ items: ordered([...context.items, event.output]), pending: null })),
                  { type: 'notifySaved', params: ({ event }) => ({ kind: 'create', item: event.output }) },
                ],
              },
              onError: {
                target: 'idle',
                actions: { type: 'fail', params: ({ event }) => ({ kind: 'create', id: null, error: calls.describeError('create', event.error) }) },
              },
            },
          },
          updating: {
            invoke: {
              src: 'update',
              input: ({ context, event }) => {
                const update = event as Extract<SettingsListEvent<T, C, U>, { type: 'list.update' }>;
                return { item: context.items.find((item) => item.id === update.id)!, values: update.values };
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ items: ordered(replaced(context.items, event.output)), pending: null })),
                  { type: 'notifySaved', params: ({ event }) => ({ kind: 'update', item: event.output }) },
                ],
              },
              onError: {
                target: 'idle',
                actions: {
                  type: 'fail',
                  params: ({ context, event }) => ({ kind: 'update', id: context.pending?.id ?? null, error: calls.describeError('update', event.error) }),
                },
              },
            },
          },
          deleting: {
            invoke: {
              src: 'remove',
              input: ({ context }) => ({ item: context.items.find((item) => item.id === context.pending?.id)! }),
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ items: context.items.filter((item) => item.id !== event.output.id), pending: null })),
                  { type: 'notifySaved', params: ({ event }) => ({ kind: 'delete', item: event.output }) },
                ],
              },
              onError: {
                target: 'idle',
                actions: {
                  type: 'fail',
                  params: ({ context, event }) => ({ kind: 'delete', id: context.pending?.id ?? null, error: calls.describeError('delete', event.error) }),
                },
              },
            },
          },
          moving: {
            entry: assign(({ context, event }) => {
              const { from, to } = event as Extract<SettingsListEvent<T, C, U>, { type: 'list.move' }>;
              const item = context.items[from]!;
              return {
                beforeMove: context.items,
                items: movedList(context.items, from, to, moveKey(context.items, from, to)!),
                pending: { kind: 'move' as const, id: item.id },
                failure: null,
              };
            }),
            invoke: {
              src: 'move',
              input: ({ context }) => {
                const item = context.items.find((candidate) => candidate.id === context.pending?.id)!;
                return { item, order: item.order! };
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ items: ordered(replaced(context.items, event.output)), pending: null, beforeMove: null })),
                  { type: 'notifySaved', params: ({ event }) => ({ kind: 'move', item: event.output }) },
                ],
              },
              onError: {
                target: 'idle',
                actions: {
                  type: 'fail',
                  params: ({ context, event }) => ({ kind: 'move', id: context.pending?.id ?? null, error: calls.describeError('move', event.error) }),
                },
              },
            },
          },
        },
      },
    },
  });
}

export type SettingsListLogic<T extends ListItem, X, C, U> = ReturnType<typeof createSettingsListMachine<T, X, C, U>>;
export type SettingsListSnapshot<T extends ListItem, X, C, U> = SnapshotFrom<SettingsListLogic<T, X, C, U>>;
export type SettingsListActor<T extends ListItem, X, C, U> = ActorRefFrom<SettingsListLogic<T, X, C, U>>;
