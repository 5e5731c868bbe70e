import type { IncidentHistoryEntryDto } from '@beacon/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readFailureText } from './incident-calls';
import type { IncidentsApi } from './incidents-api';

export interface IncidentHistoryState {
  /** Newest first; null until the first answer. */
  entries: IncidentHistoryEntryDto[] | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * The timeline of an incident, loaded again whenever its version changes (a save here, or
 * someone else's change arriving live), so the panel never lags behind the form.
 */
export function useIncidentHistory(api: Pick<IncidentsApi, 'history'>, id: string | null, version: number | null): IncidentHistoryState {
  const [state, setState] = useState<Omit<IncidentHistoryState, 'reload'>>({ entries: null, loading: false, error: null });
  const [attempt, setAttempt] = useState(0);
  const shownId = useRef<string | null>(null);

  useEffect(() => {
    if (id === null) return;
    let current = true;
    // Another incident's entries are not shown while this one's load.
    const sameIncident = shownId.current === id;
    shownId.current = id;
    setState((previous) => ({ entries: sameIncident ? previous.entries : null, loading: true, error: null }));
    api.history(id).then(
      (history) => current && setState({ entries: [...history.entries].sort((a, b) => b.version - a.version), loading: false, error: null }),
      (error: unknown) => current && setState((previous) => ({ ...previous, loading: false, error: readFailureText(error) })),
    );
    return () => {
      current = false;
    };
  }, [api, id, version, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
