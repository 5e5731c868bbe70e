import type { IncidentFieldDto } from '@beacon/contracts';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { incidentFieldError, type IncidentCallError } from '../../../api/incident-errors';

/** The choice option calls (spec §7): each change, then the field as it now stands. */
export interface FieldOptionCalls {
  createOption(field: string, value: string): Promise<unknown>;
  changeOption(id: string, field: string, value: string): Promise<unknown>;
  deleteOption(id: string): Promise<void>;
  field(id: string): Promise<IncidentFieldDto>;
}

export type OptionChange =
  | { kind: 'add'; value: string }
  | { kind: 'rename'; id: string; value: string }
  | { kind: 'delete'; id: string };

export interface FieldOptionsContext {
  field: IncidentFieldDto;
  /** The change under way, or the last one that failed (with `error`). */
  change: OptionChange | null;
  error: IncidentCallError | null;
}

export type FieldOptionsEvent =
  | { type: 'options.add'; value: string }
  | { type: 'options.rename'; id: string; value: string }
  | { type: 'options.delete'; id: string }
  | { type: 'options.dismissError' };

export interface FieldOptionsSaved {
  type: 'options.saved';
  change: OptionChange;
  field: IncidentFieldDto;
}

/**
 * The choice options of a SINGLESELECT or MULTISELECT field: add, rename and delete them one at a
 * time. After each change the field is read again, so the options show as the server keeps them.
 */
export function createFieldOptionsMachine(calls: FieldOptionCalls) {
  const apply = async (field: IncidentFieldDto, change: OptionChange) => {
    if (change.kind === 'add') await calls.createOption(field.id, change.value);
    else if (change.kind === 'rename') await calls.changeOption(change.id, field.id, change.value);
    else await calls.deleteOption(change.id);
    return calls.field(field.id);
  };
  return setup({
    types: {
      context: {} as FieldOptionsContext,
      events: {} as FieldOptionsEvent,
      input: {} as { field: IncidentFieldDto },
      emitted: {} as FieldOptionsSaved,
    },
    actors: {
      save: fromPromise<IncidentFieldDto, { field: IncidentFieldDto; change: OptionChange }>(({ input }) => apply(input.field, input.change)),
    },
  }).createMachine({
    id: 'fieldOptions',
    context: ({ input }) => ({ field: input.field, change: null, error: null }),
    initial: 'idle',
    states: {
      idle: {
        on: {
          'options.add': {
            target: 'saving',
            actions: assign(({ event }) => ({ change: { kind: 'add' as const, value: event.value.trim() }, error: null })),
          },
          'options.rename': {
            target: 'saving',
            actions: assign(({ event }) => ({ change: { kind: 'rename' as const, id: event.id, value: event.value.trim() }, error: null })),
          },
          'options.delete': {
            target: 'saving',
            actions: assign(({ event }) => ({ change: { kind: 'delete' as const, id: event.id }, error: null })),
          },
          'options.dismissError': { actions: assign({ error: null, change: null }) },
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({ field: context.field, change: context.change! }),
          onDone: {
            target: 'idle',
            actions: [
              emit(({ context, event }) => ({ type: 'options.saved' as const, change: context.change!, field: event.output })),
              assign(({ event }) => ({ field: event.output, change: null })),
            ],
          },
          onError: { target: 'idle', actions: assign(({ event }) => ({ error: incidentFieldError(event.error) })) },
        },
      },
    },
  });
}

export type FieldOptionsSnapshot = SnapshotFrom<ReturnType<typeof createFieldOptionsMachine>>;
