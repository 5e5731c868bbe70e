import type { UserDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';

/** Messages per form field (an attribute's name or a contact field's id). */
export type FormErrors = Readonly<Record<string, readonly string[]>>;

/**
 * One tab's form of a user (devices, data or settings): the values it edits of a user, which of them
 * differ, their rules, how it saves, and how it reads the server's refusal.
 */
export interface UserFormDefinition<V extends object> {
  valuesOf: (user: UserDto) => V;
  /** The form fields whose value differs between `values` and `saved` (values of `user`'s fields). */
  changedFields: (values: V, saved: V, user: UserDto) => readonly string[];
  /** What the server would refuse of the changed fields, by field. */
  errors: (values: V, user: UserDto) => FormErrors;
  /** Sends what changed; answers the user as now stored (with custom_fields). */
  save: (values: V, user: UserDto) => Promise<UserDto>;
  /** A refused save: messages by form field, and the rest. */
  refusal: (error: unknown, user: UserDto) => { fields: FormErrors; messages: readonly string[] };
  notify: (text: string, type: 'default' | 'error') => void;
  /** The page takes the saved user (its heading, the other tabs). */
  onSaved: (user: UserDto) => void;
}

export interface UserFormContext<V> {
  /** The user as last loaded or saved. */
  user: UserDto;
  values: V;
  /** What the save under way sent, so a change made meanwhile survives its answer. */
  sending: V | null;
  /** The fields the user changed since the last load or save: their rules show as they type. */
  touched: readonly string[];
  /** A save was asked for: every rule shows. */
  submitted: boolean;
  /** The server's messages from the last save, each kept until its field changes. */
  serverErrors: FormErrors;
  /** The server's messages about no one field. */
  messages: readonly string[];
}

export type UserFormEvent<V> =
  | { type: 'form.change'; patch: Partial<V> }
  | { type: 'form.save' }
  /** The user as now stored (another admin's change, another tab's save): fields not changed here follow it. */
  | { type: 'form.sync'; user: UserDto };

export const SAVED_TEXT = 'Saved';
export const NO_CHANGES_TEXT = 'There are no changes to save.';

/** The values of a user, but for `kept` fields, which keep theirs from `values` (fields the user no longer has go). */
function valuesKeeping<V extends object>(definition: UserFormDefinition<V>, user: UserDto, values: V, kept: readonly string[]): V {
  const fresh = definition.valuesOf(user) as Record<string, unknown>;
  const now = values as Record<string, unknown>;
  return Object.fromEntries(Object.keys(fresh).map((field) => [field, kept.includes(field) && field in now ? now[field] : fresh[field]])) as V;
}

const changedSince = <V extends object>(definition: UserFormDefinition<V>, values: V, user: UserDto) =>
  definition.changedFields(values, definition.valuesOf(user), user);

/**
 * A tab's form of a user (spec part 2 §2, §3): the user edits with the rules checked as they type; a
 * save sends what changed (only when the rules pass) and shows the user as now stored (snackbar
 * "Saved") or the server's messages next to their fields. A change to the user made elsewhere
 * updates the fields not changed here.
 */
export function createUserFormMachine<V extends object>(definition: UserFormDefinition<V>) {
  const editing = {
    on: {
      'form.change': { actions: 'change' },
      'form.sync': { actions: 'sync' },
      'form.save': [
        { guard: 'hasErrors', actions: 'markSubmitted' },
        { guard: 'nothingChanged', actions: 'notifyNoChanges' },
        { target: 'saving' },
      ],
    },
  } as const;

  return setup({
    types: {
      context: {} as UserFormContext<V>,
      events: {} as UserFormEvent<V>,
      input: {} as { user: UserDto },
    },
    actors: {
      save: fromPromise<UserDto, { values: V; user: UserDto }>(({ input }) => definition.save(input.values, input.user)),
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {};
        const changed = Object.keys(event.patch);
        const serverErrors = Object.fromEntries(Object.entries(context.serverErrors).filter(([field]) => !changed.includes(field)));
        return { values: { ...context.values, ...event.patch }, touched: [...new Set([...context.touched, ...changed])], serverErrors };
      }),
      sync: assign(({ context, event }) => {
        if (event.type !== 'form.sync' || event.user === context.user) return {};
        return { user: event.user, values: valuesKeeping(definition, event.user, context.values, changedSince(definition, context.values, context.user)) };
      }),
      markSubmitted: assign({ submitted: true }),
      notifyNoChanges: () => definition.notify(NO_CHANGES_TEXT, 'default'),
    },
    guards: {
      hasErrors: ({ context }) => Object.keys(definition.errors(context.values, context.user)).length > 0,
      nothingChanged: ({ context }) => changedSince(definition, context.values, context.user).length === 0,
    },
  }).createMachine({
    id: 'userForm',
    context: ({ input }) => ({
      user: input.user,
      values: definition.valuesOf(input.user),
      sending: null,
      touched: [],
      submitted: false,
      serverErrors: {},
      messages: [],
    }),
    initial: 'editing',
    states: {
      editing,
      saving: {
        entry: assign({ sending: ({ context }) => context.values, messages: [] }),
        on: { 'form.change': { actions: 'change' } },
        invoke: {
          src: 'save',
          input: ({ context }) => ({ values: context.values, user: context.user }),
          onDone: {
            target: 'saved',
            actions: [
              assign(({ context, event }) => {
                // Fields changed while the save ran keep their new values.
                const changedMeanwhile = definition.changedFields(context.values, context.sending!, context.user);
                const values = valuesKeeping(definition, event.output, context.values, changedMeanwhile);
                return { user: event.output, values, sending: null, touched: [], submitted: false, serverErrors: {}, messages: [] };
              }),
              () => definition.notify(SAVED_TEXT, 'default'),
              ({ event }) => definition.onSaved(event.output),
            ],
          },
          onError: {
            target: 'failed',
            actions: [
              assign(({ context, event }) => {
                const { fields, messages } = definition.refusal(event.error, context.user);
                return { sending: null, serverErrors: fields, messages };
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

export type UserFormMachine<V extends object> = ReturnType<typeof createUserFormMachine<V>>;
export type UserFormSnapshot<V extends object> = SnapshotFrom<UserFormMachine<V>>;

/** The messages a field shows: the server's, else its rules' once the user changed it or asked to save. */
export function visibleErrors<V>(context: UserFormContext<V>, clientErrors: FormErrors, field: string): readonly string[] {
  const server = context.serverErrors[field];
  if (server && server.length > 0) return server;
  return context.submitted || context.touched.includes(field) ? (clientErrors[field] ?? []) : [];
}
