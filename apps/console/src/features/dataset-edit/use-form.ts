import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { visibleErrors, createFormMachine, type FormDefinition } from './machines/form.machine';

/**
 * A form of the edit screens over its machine: its values, a change, the messages each field shows,
 * and whether something is unsaved (the browser then asks before the page is left or reloaded, and
 * the page is told, so that its tabs ask too).
 */
export function useForm<V extends object, O>(definition: () => FormDefinition<V, O>, reportUnsaved: (unsaved: boolean) => void) {
  const [{ machine, rules }] = useState(() => {
    const made = definition();
    return { machine: createFormMachine(made), rules: made };
  });
  const [snapshot, send] = useMachine(machine);
  const { context } = snapshot;
  const clientErrors = useMemo(
    () => (context.values !== null && context.saved !== null ? rules.errors(context.values, context.options as O, context.saved) : {}),
    [context.values, context.options, context.saved, rules],
  );
  const unsaved = context.values !== null && context.saved !== null && rules.changedFields(context.values, context.saved).length > 0;

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
    /** What the form offers to choose from, once loaded. */
    options: context.options as O,
    saving: snapshot.matches('saving'),
    /** Some value breaks a rule (shown or not yet). */
    invalid: Object.keys(clientErrors).length > 0,
    /** The rules do not pass and a save was asked for. */
    blocked: context.submitted && Object.keys(clientErrors).length > 0,
    errorsOf: (field: string) => visibleErrors(context, clientErrors, field),
    change: (patch: Partial<V>) => send({ type: 'form.change', patch }),
    save: () => send({ type: 'form.save' }),
    retry: () => send({ type: 'form.retry' }),
  };
}

export type FormControls<V extends object, O> = ReturnType<typeof useForm<V, O>>;
