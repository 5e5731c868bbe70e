import type { CustomerGroupFieldDto } from '@beacon/contracts';
import { assign, fromPromise, setup } from 'xstate';
import { errorText, formErrors } from '../../../api/api-error';
import type { FieldErrors } from '../field-errors';
import type { FieldChange } from './field-changes';

export interface FieldsEditorContext {
  fields: CustomerGroupFieldDto[] | null;
  loadError: string | null;
  /** The change under way, or the last one refused (its form shows the server's messages). */
  change: FieldChange | null;
  /** The server's messages per field of the last refused change (label, field_type, options). */
  serverErrors: FieldErrors;
}

export type FieldsEditorEvent = { type: 'fields.change'; change: FieldChange } | { type: 'fields.retry' } | { type: 'fields.reload' };

export interface FieldsEditorServices {
  load: () => Promise<CustomerGroupFieldDto[]>;
  send: (change: FieldChange) => Promise<unknown>;
  /** The snackbar: a saved change, or why it was refused. */
  notify: (text: string, type: 'default' | 'error') => void;
  savedText: (change: FieldChange) => string;
}

const REQUEST_FIELDS = ['label', 'field_type', 'options', 'excluded_options_by_group', 'field'] as const;

/**
 * A dataset's contact fields and the changes an admin makes to them: one change at a time, each
 * followed by a fresh list (spec part 2 §7: after a field change the fields are refreshed; on an
 * error the error shows and nothing is refreshed).
 */
export function createFieldsEditorMachine(services: FieldsEditorServices) {
  return setup({
    types: { context: {} as FieldsEditorContext, events: {} as FieldsEditorEvent },
    actors: {
      load: fromPromise<CustomerGroupFieldDto[]>(() => services.load()),
      send: fromPromise<unknown, FieldChange>(({ input }) => services.send(input)),
    },
  }).createMachine({
    id: 'fieldsEditor',
    context: { fields: null, loadError: null, change: null, serverErrors: {} },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ loadError: null }),
        invoke: {
          src: 'load',
          onDone: { target: 'ready', actions: assign({ fields: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
        },
      },
      failed: { on: { 'fields.retry': 'loading' } },
      ready: {
        on: {
          'fields.change': { target: 'saving', actions: assign({ change: ({ event }) => event.change, serverErrors: {} }) },
          'fields.reload': 'loading',
        },
      },
      saving: {
        invoke: {
          src: 'send',
          input: ({ context }) => context.change!,
          onDone: {
            target: 'loading',
            actions: [({ context }) => services.notify(services.savedText(context.change!), 'default'), assign({ change: null })],
          },
          onError: {
            target: 'ready',
            actions: [
              assign({ serverErrors: ({ event }) => formErrors(event.error, REQUEST_FIELDS).fields }),
              ({ event }) => services.notify(errorText(event.error), 'error'),
            ],
          },
        },
      },
    },
  });
}
