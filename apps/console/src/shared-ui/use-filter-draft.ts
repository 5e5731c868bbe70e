import { useState } from 'react';

const filtersKey = (filters: object) => JSON.stringify(filters);

/**
 * The filters the user edits before applying them. Back, forward and shared links change the
 * applied filters under the form: the draft follows them.
 */
export function useFilterDraft<Filters extends object>(applied: Filters, noFilters: Filters, onReset: () => void) {
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(() => filtersKey(applied));
  if (shown !== filtersKey(applied)) {
    setShown(filtersKey(applied));
    setDraft(applied);
  }

  const set = <K extends keyof Filters>(name: K, value: Filters[K]) => setDraft((current) => ({ ...current, [name]: value }));
  const reset = () => {
    setDraft(noFilters);
    onReset();
  };
  return { draft, set, reset };
}
