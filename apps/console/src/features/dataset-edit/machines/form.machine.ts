import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText, formErrors } from '../../../api/api-error';
import type { FieldErrors } from '../field-errors';

/** What a form loads: the values it edits and what it offers to choose from. */
export interface Loaded<V, O> {
  values: V;
  options: O;
}

/**
 * One form of a dataset's edit screens: how it loads, what a change does to the values, its
 * rules, which fields differ from the saved values, and how it saves.
 */
export interface FormDefinition<V extends object, O> {
  load: () => Promise<Loaded<V, O>>;
  /** Sends what changed; answers the values as now stored. */
  save: (values: V, saved: V) => Promise<V>;
  /** The values after the user changed some fields (a form may change others with them). */
  change: (values: V, patch: Partial<V>) => V;
  /** Messages per field for values that cannot be saved so (given the saved values, as a rule may hold only for a change); none when all is well. */
  errors: (values: V, options: O, saved: V) => FieldErrors;
  /** The fields whose value differs from the saved one. */
  changedFields: (values: V, saved: V) => readonly string[];
  /** The snackbar after a save. */
  savedText: string;
  notify: (text: string, type: 'default' | 'error') => void;
}

export interface FormContext<V, O> {
  /** As last loaded or saved; null until loaded. */
  saved: V | null;
  values: V | null;
  options: O | null;
  /** What the save under way sent, so a change made meanwhile survives its answer. */
  sending: V | null;
  /** The fields the user changed since the last load or save: their rules show as they type. */
  touched: readonly string[];
  /** A save was asked for: every rule shows. */
  submitted: boolean;
  /** The server's messages per field from the last save, each kept until its field changes. */
  serverErrors: FieldErrors;
  /** The server's messages about no one field. */
  messages: readonly string[];
  loadError: string | null;
}

export type FormEvent<V> =
  | { type: 'form.change'; patch: Partial<V> }
  | { type: 'form.save' }
  /** Load again after a failed load. */
  | { type: 'form.retry' };

export const NO_CHANGES_TEXT = 'There are no changes to save.';

/** The values after a save: the server's, but for fields changed since the save was sent. */
function afterSave<V extends object>(answer: V, sent: V, now: V, changedFields: FormDefinition<V, unknown>['changedFields']): V {
  const changedMeanwhile = new Set(changedFields(now, sent));
  const merged = { ...answer } as Record<string, unknown>;
  for (const field of changedMeanwhile) merged[field] = (now as Record<string, unknown>)[field];
  return merged as V;
}

/**
 * A form of a dataset's edit screens (spec part 2 §2, §3): it loads, the user edits with the rules
 * checked as they type, a save sends what changed (only when the rules pass), then the form shows
 * the saved values (snackbar) or the server's messages next to their fields.
 */
export function createFormMachine<V extends object, O>(definition: FormDefinition<V, O>) {
  const editing = {
    on: {
      'form.change': { actions: 'change' },
      'form.save': [
        { guard: 'hasErrors', actions: 'markSubmitted' },
        { guard: 'nothingChanged', actions: 'notifyNoChanges' },
        { target: 'saving' },
      ],
    },
  } as const;

  return setup({
    types: {
      context: {} as FormContext<V, O>,
      events: {} as FormEvent<V>,
    },
    actors: {
      load: fromPromise<Loaded<V, O>>(() => definition.load()),
      save: fromPromise<V, { values: V; saved: V }>(({ input }) => definition.save(input.values, input.saved)),
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== 'form.change' || context.values === null) return {};
        const values = definition.change(context.values, event.patch);
        const changed = Object.keys(event.patch);
        const serverErrors = Object.fromEntries(Object.entries(context.serverErrors).filter(([field]) => !changed.includes(field)));
        return { values, touched: [...new Set([...context.touched, ...changed])], serverErrors };
      }),
      markSubmitted: assign({ submitted: true }),
      notifyNoChanges: () => definition.notify(NO_CHANGES_TEXT, 'default'),
    },
    guards: {
      hasErrors: ({ context }) =>
        context.values !== null && context.saved !== null && Object.keys(definition.errors(context.values, context.options as O, context.saved)).length > 0,
      nothingChanged: ({ context }) =>
        context.values === null || context.saved === null || definition.changedFields(context.values, context.saved).length === 0,
    },
  }).createMachine({
    id: 'form',
    context: { saved: null, values: null, options: null, sending: null, touched: [], submitted: false, serverErrors: {}, messages: [], loadError: null },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ loadError: null }),
        invoke: {
          src: 'load',
          onDone: {
            target: 'editing',
            actions: assign(({ event }) => ({ saved: event.output.values, values: event.output.values, options: event.output.options })),
          },
          onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
        },
      },
      loadFailed: { on: { 'form.retry': 'loading' } },
      editing,
      saving: {
        entry: assign({ sending: ({ context }) => context.values, messages: [] }),
        on: { 'form.change': { actions: 'change' } },
        invoke: {
          src: 'save',
          input: ({ context }) => ({ values: context.values!, saved: context.saved! }),
          onDone: {
            target: 'saved',
            actions: [
              assign(({ context, event }) => {
                const values = afterSave(event.output, context.sending!, context.values!, definition.changedFields as FormDefinition<V, unknown>['changedFields']);
                return { saved: event.output, values, sending: null, touched: [], submitted: false, serverErrors: {}, messages: [] };
              }),
              () => definition.notify(definition.savedText, 'default'),
            ],
          },
          onError: {
            target: 'failed',
            actions: [
              assign(({ context, event }) => {
                const errors = formErrors(event.error, Object.keys(context.values ?? {}));
                return { sending: null, serverErrors: errors.fields as FieldErrors, messages: errors.messages };
              }),
              ({ event }) => definition.notify(errorText(event.error), 'error'),
            ],
          },
        },
      },
      /** Saved: the form goes on as in editing. */
      saved: editing,
      /** The save was refused or failed: its messages show until their fields change. */
      failed: editing,
    },
  });
}

export type FormMachine<V extends object, O> = ReturnType<typeof createFormMachine<V, O>>;
export type FormSnapshot<V extends object, O> = SnapshotFrom<FormMachine<V, O>>;

/** The messages a field shows: the server's, else its rules' once the user changed it or asked to save. */
export function visibleErrors<V extends object, O>(context: FormContext<V, O>, clientErrors: FieldErrors, field: string): readonly string[] {
  const server = context.serverErrors[field];
  if (server && server.length > 0) return server;
  return context.submitted || context.touched.includes(field) ? (clientErrors[field] ?? []) : [];
}
