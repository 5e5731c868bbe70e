import { ROUTES, type DeadLetterPageDto, type RetryDeadLettersAnswerDto } from '@beacon/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/api-error';
import { queryString } from '../../api/query-string';

export interface DeadLetterQuery {
  readonly page: number;
  readonly pageSize: number;
}

export type DeadLetterList =
  | { state: 'loading'; page: DeadLetterPageDto | null }
  | { state: 'loaded'; page: DeadLetterPageDto }
  | { state: 'failed'; error: string };

export type RetryState = { state: 'idle' } | { state: 'retrying'; count: number } | { state: 'done'; answer: RetryDeadLettersAnswerDto } | { state: 'failed'; error: string };

/**
 * GET /api/dead_letters/ for `query`, and POST /api/dead_letters/retry/ of chosen ones, after which the
 * list is read again (the write's position makes the read wait for it).
 */
export function useDeadLetters(query: DeadLetterQuery) {
  const api = useApi();
  const [list, setList] = useState<DeadLetterList>({ state: 'loading', page: null });
  const [retry, setRetry] = useState<RetryState>({ state: 'idle' });
  const [round, setRound] = useState(0);
  const { page, pageSize } = query;

  useEffect(() => {
    let current = true;
    setList((last) => ({ state: 'loading', page: last.state === 'failed' ? null : last.page }));
    api.send<DeadLetterPageDto>('GET', `${ROUTES.deadLetters.path}${queryString({ page: String(page), page_size: String(pageSize) })}`).then(
      (answer) => current && setList({ state: 'loaded', page: answer }),
      (error: unknown) => current && setList({ state: 'failed', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, page, pageSize, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const retryChosen = useCallback(
    async (ids: readonly string[]): Promise<boolean> => {
      setRetry({ state: 'retrying', count: ids.length });
      try {
        const answer = await api.send<RetryDeadLettersAnswerDto>('POST', ROUTES.retryDeadLetters.path, { ids });
        setRetry({ state: 'done', answer });
        setRound((n) => n + 1);
        return true;
      } catch (error) {
        setRetry({ state: 'failed', error: errorText(error) });
        return false;
      }
    },
    [api],
  );

  return { list, reload, retry, retryChosen };
}
