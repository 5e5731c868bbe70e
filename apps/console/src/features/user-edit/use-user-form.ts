import type { UserDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { createUserFormMachine, visibleErrors, type UserFormDefinition } from './machines/user-form.machine';

/**
 * A tab's form over its machine: its values, a change, the messages each field shows, and whether
 * something is unsaved (the browser then asks before the page is left or reloaded, and the page is
 * told, so that its tabs and links ask too). The user the page holds is handed on as it changes.
 */
export function useUserForm<V extends object>(definition: () => UserFormDefinition<V>, user: UserDto, reportUnsaved: (unsaved: boolean) => void) {
  const [{ machine, rules }] = useState(() => {
    const made = definition();
    return { machine: createUserFormMachine(made), rules: made };
  });
  const [snapshot, send] = useMachine(machine, { input: { user } });
  const { context } = snapshot;
  const clientErrors = useMemo(() => rules.errors(context.values, context.user), [context.values, context.user, rules]);
  const unsaved = rules.changedFields(context.values, rules.valuesOf(context.user), context.user).length > 0;

  useEffect(() => send({ type: 'form.sync', user }), [user, send]);

  useEffect(() => {
    reportUnsaved(unsaved);
    return () => reportUnsaved(false);
  }, [unsaved, reportUnsaved]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return {
    snapshot,
    values: context.values,
    /** The user as last loaded or saved: the form's fields are theirs. */
    user: context.user,
    saving: snapshot.matches('saving'),
    invalid: Object.keys(clientErrors).length > 0,
    /** The rules do not pass and a save was asked for. */
    blocked: context.submitted && Object.keys(clientErrors).length > 0,
    errorsOf: (field: string) => visibleErrors(context, clientErrors, field),
    change: (patch: Partial<V>) => send({ type: 'form.change', patch }),
    save: () => send({ type: 'form.save' }),
  };
}

export type UserFormControls<V extends object> = ReturnType<typeof useUserForm<V>>;
