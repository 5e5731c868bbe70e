import { ROUTES, type SimulatedMessagePageDto } from '@beacon/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/api-error';
import { queryString } from '../../api/query-string';

/** The page of the outbox asked for: all channels or one. */
export interface OutboxQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly channel: string;
}

export type SimulatorOutbox =
  | { state: 'loading'; page: SimulatedMessagePageDto | null }
  | { state: 'loaded'; page: SimulatedMessagePageDto }
  | { state: 'failed'; error: string };

/** GET /api/simulator/outbox/ for `query`, read again on `reload` (the last answer shows while the next loads). */
export function useSimulatorOutbox(query: OutboxQuery): { outbox: SimulatorOutbox; reload: () => void } {
  const api = useApi();
  const [outbox, setOutbox] = useState<SimulatorOutbox>({ state: 'loading', page: null });
  const [round, setRound] = useState(0);
  const { page, pageSize, channel } = query;

  useEffect(() => {
    let current = true;
    setOutbox((last) => ({ state: 'loading', page: last.state === 'failed' ? null : last.page }));
    const params = { page: String(page), page_size: String(pageSize), ...(channel ? { channel } : {}) };
    api.send<SimulatedMessagePageDto>('GET', `${ROUTES.simulatorOutbox.path}${queryString(params)}`).then(
      (answer) => current && setOutbox({ state: 'loaded', page: answer }),
      (error: unknown) => current && setOutbox({ state: 'failed', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, page, pageSize, channel, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { outbox, reload };
}
