import { useEffect, useRef, useState } from 'react';

/** How long a search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A filter the user changes that shows the change at once and follows the applied one whenever that
 * changes (Back, a link, Clear). The applied filter comes back through the URL in a transition, a
 * moment after the change: a control bound to it alone would spring back to the old value in between.
 */
export function useFollowing<Value extends string | boolean>(applied: Value): [Value, (value: Value) => void] {
  const [value, setValue] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setValue(applied);
  }
  return [value, setValue];
}

/** The search as typed, applied once typing pauses. */
export function useDebouncedSearch(applied: string, apply: (text: string) => void) {
  const [text, setText] = useFollowing(applied);
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });
  useEffect(() => {
    if (text === applied) return undefined;
    const timer = setTimeout(() => latestApply.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);
  return { text, type: setText };
}
