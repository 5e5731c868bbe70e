import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { queryFromSearchParams, searchParamsFromQuery, type MessageListQuery } from '../message-list/message-list-query';

/**
 * The message list's query as the URL holds it; `show` adds a history entry (Back returns to the
 * query before), `replace` corrects the one shown (the list answered another page than asked).
 */
export function useMessageListQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(searchParams), [searchParams]);
  const show = (next: MessageListQuery) => setSearchParams(searchParamsFromQuery(next));
  const replace = (next: MessageListQuery) => setSearchParams(searchParamsFromQuery(next), { replace: true });
  return { query, show, replace };
}
